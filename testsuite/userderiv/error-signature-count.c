// A user function with too few parameters (the adjoint without ret_b)
// and one with the wrong result type: errors at the declaration, a note
// with the expected prototype; nothing is written.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
double g(double a, double b);
#pragma ck_derivative g wrt(a, b) tangent(g_d) adjoint(g_b)
double g_d(double a, double a_d, double b, double b_d, double *ret_d);
double g_b(double a, double *a_b, double b, double *b_b);
// CHECK: error-signature-count.c:[[@LINE-1]]:8: error: 'g_b' takes 4 parameters; as the adjoint of 'g' with this wrt/out it must take 5
// CHECK-NEXT: error-signature-count.c:[[@LINE-4]]:56: note: expected prototype: double g_b(double a, double *a_b, double b, double *b_b, double ret_b);

void s(int n, const double *x, double *y);
#pragma ck_derivative s wrt(x) out(y) tangent(s_d) adjoint(s_b)
double s_d(int n, const double *x, const double *x_d, double *y, double *y_d);
// CHECK: error-signature-count.c:[[@LINE-1]]:8: error: 's_d' returns 'double'; the tangent of 's' returns 'void', the primal result
// CHECK-NEXT: error-signature-count.c:[[@LINE-3]]:47: note: expected prototype: void s_d(int n, const double *x, const double *x_d, double *y, double *y_d);
void s_b(int n, const double *x, double *x_b, double *y, double *y_b);

#pragma ck_tangent wrt(x)
double f(double x)
{
	return g(x, 2.0);
}
