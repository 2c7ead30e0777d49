// An integer parameter cannot be active.
// ck_hvp refuses it as ck_tangent and ck_adjoint do.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: hvp-wrt-integer-param.c:[[@LINE+1]]:23: error: wrt parameter 'n' has type 'int'; only floating-point scalars, pointers to floating-point data or to rows of it, and structs holding floating-point data can be active
#pragma ck_hvp wrt(x, n)
double f(double x, int n)
{
	return x * n;
}
