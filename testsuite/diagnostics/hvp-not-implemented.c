// Second order has not landed yet: ck_hvp says so, at the pragma.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: hvp-not-implemented.c:[[@LINE+1]]:9: error: ck_hvp is not implemented yet; use ck_tangent or ck_adjoint
#pragma ck_hvp wrt(x)
double f(double x)
{
	return x * x;
}
