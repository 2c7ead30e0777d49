// wrt() with no name.
// ck_hvp refuses it as ck_tangent and ck_adjoint do.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: hvp-pragma-empty-wrt.c:[[@LINE+1]]:20: error: expected a parameter name in wrt(...)
#pragma ck_hvp wrt()
double f(double x)
{
	return x * x;
}
