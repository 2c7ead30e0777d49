// Reverse mode has not landed yet: ck_adjoint says so, at the pragma.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: adjoint-not-implemented.c:[[@LINE+1]]:9: error: ck_adjoint is not implemented yet; use ck_tangent
#pragma ck_adjoint wrt(x)
double f(double x)
{
	return x * x;
}
