// Member access (through a pointer too) is refused at the expression.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/struct-member.c
// RUN: not %ckc %t.adj/struct-member.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

struct params {
	double k;
};

#pragma ck_tangent wrt(x)
double f(double x, const struct params *p)
{
	return x * p->k; // CHECK: struct-member.c:[[@LINE]]:13: error: struct member access is not supported
}
