// A variable of struct type is refused at its declaration.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/struct-variable.c
// RUN: not %ckc %t.adj/struct-variable.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

struct pair {
	double a, b;
};

#pragma ck_tangent wrt(x)
double f(double x, struct pair p) // CHECK: struct-variable.c:[[@LINE]]:32: error: struct types are not supported
{
	return x * 2.0;
}
