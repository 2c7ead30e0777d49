// Malformed ck_derivative pragmas: a missing adjoint(...), a clause given
// twice, an unknown clause, and the pragma inside a function.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
double g(double a, double b);
double g_d(double a, double a_d, double b, double b_d, double *ret_d);
double g_b(double a, double *a_b, double b, double *b_b, double ret_b);
#pragma ck_derivative g wrt(a) tangent(g_d)
// CHECK: error-pragma-syntax.c:[[@LINE-1]]:9: error: 'ck_derivative' needs an adjoint(...) clause naming the user's adjoint function
#pragma ck_derivative g wrt(a) tangent(g_d) tangent(g_d) adjoint(g_b)
// CHECK: error-pragma-syntax.c:[[@LINE-1]]:45: error: tangent(...) given twice
#pragma ck_derivative g wrt(a) gradient(g_b)
// CHECK: error-pragma-syntax.c:[[@LINE-1]]:32: error: unexpected 'gradient' in ck_derivative pragma

#pragma ck_tangent wrt(x)
double f(double x)
{
#pragma ck_derivative g wrt(a, b) tangent(g_d) adjoint(g_b)
// CHECK: error-pragma-syntax.c:[[@LINE-1]]:9: error: '#pragma ck_derivative' must be at file scope, not inside a function
	return g(x, 2.0);
}
