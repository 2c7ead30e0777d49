// A local variable-length array is refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x)
double f(double x, int n)
{
	double tmp[n]; // CHECK: vla-local.c:[[@LINE]]:9: error: variable-length arrays are not supported
	tmp[0] = x;
	return tmp[0];
}
