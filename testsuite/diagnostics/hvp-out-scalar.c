// out() of a scalar parameter is refused: a callee's write to it is lost.
// ck_hvp refuses it as ck_tangent and ck_adjoint do.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: hvp-out-scalar.c:[[@LINE+1]]:27: error: out parameter 'y' must be a pointer to non-const floating-point data
#pragma ck_hvp wrt(x) out(y)
double f(double x, double y)
{
	return x * y;
}
