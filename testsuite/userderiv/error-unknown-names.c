// Names in wrt(...) and out(...) that are not parameters of the function,
// a function that is not declared, and wrong kinds of parameters.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
double g(double a, double b);
double g_d(double a, double a_d, double b, double b_d, double *ret_d);
double g_b(double a, double *a_b, double b, double *b_b, double ret_b);
#pragma ck_derivative g wrt(a, q) out(z) tangent(g_d) adjoint(g_b)
// CHECK: error-unknown-names.c:[[@LINE-1]]:32: error: 'q' is not a parameter of 'g'
// CHECK: error-unknown-names.c:[[@LINE-2]]:39: error: 'z' is not a parameter of 'g'
#pragma ck_derivative nosuch wrt(a) tangent(g_d) adjoint(g_b)
// CHECK: error-unknown-names.c:[[@LINE-1]]:23: error: no function named 'nosuch' is declared
void v(double *p, int n);
#pragma ck_derivative v wrt(n) out(p) tangent(v_d) adjoint(v_b)
// CHECK: error-unknown-names.c:[[@LINE-1]]:29: error: wrt parameter 'n' of 'v' has type 'int'; ck_derivative takes floating-point scalars and pointers to floating-point data
#pragma ck_derivative g wrt(a) out(b) tangent(g_d) adjoint(g_b)
// CHECK: error-unknown-names.c:[[@LINE-1]]:23: error: 'g' already has a ck_derivative
// CHECK-NEXT: error-unknown-names.c:[[@LINE-10]]:23: note: the first is here

#pragma ck_tangent wrt(x)
double f(double x)
{
	return g(x, 2.0);
}
