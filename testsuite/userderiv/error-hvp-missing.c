// A ck_hvp request that reaches a call whose ck_derivative has no hvp(...):
// the error is at the call, a note points at the pragma.
// RUN: not %ckc -I%S/Inputs %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include "g.h"
#pragma ck_derivative g wrt(a, b) tangent(g_d) adjoint(g_b)

#pragma ck_hvp wrt(x)
double f(double x)
{
	double s = g(x, x); // CHECK: .c:[[@LINE]]:13: error: the second-order derivative of this call to 'g' needs its hvp function: add hvp(...) to its ck_derivative
	return s * s;
}
// CHECK-NEXT: error-hvp-missing.c:6:23: note: the ck_derivative of 'g' is here
