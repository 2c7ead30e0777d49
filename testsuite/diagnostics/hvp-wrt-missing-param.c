// A wrt name that is not a parameter, at the name.
// ck_hvp refuses it as ck_tangent and ck_adjoint do.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: hvp-wrt-missing-param.c:[[@LINE+1]]:23: error: 'z' is not a parameter of 'f'
#pragma ck_hvp wrt(x, z)
double f(double x, double y)
{
	return x * y;
}
