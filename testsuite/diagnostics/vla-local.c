// A local variable-length array is refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/vla-local.c
// RUN: not %ckc %t.adj/vla-local.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x, int n)
{
	double tmp[n]; // CHECK: vla-local.c:[[@LINE]]:9: error: variable-length arrays are not supported
	tmp[0] = x;
	return tmp[0];
}
