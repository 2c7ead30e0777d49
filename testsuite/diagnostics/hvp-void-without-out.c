// A function returning void must name its outputs; the error is at the
// pragma.
// ck_hvp refuses it as ck_tangent and ck_adjoint do.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: hvp-void-without-out.c:[[@LINE+1]]:9: error: 'f' returns 'void'; name its outputs with out(...)
#pragma ck_hvp wrt(x)
void f(double x, double *y)
{
	*y = x * x;
}
