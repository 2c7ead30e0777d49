// A name given twice in wrt().
// ck_hvp refuses it as ck_tangent and ck_adjoint do.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: hvp-wrt-duplicate.c:[[@LINE+1]]:23: error: 'x' is named twice in wrt(...)
#pragma ck_hvp wrt(x, x)
double f(double x)
{
	return x * x;
}
