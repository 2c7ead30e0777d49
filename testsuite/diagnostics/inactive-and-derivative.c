// A function cannot both carry a ck_derivative and be ck_inactive.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
double g(double a);
double g_d(double a, double a_d, double *ret_d);
double g_b(double a, double *a_b, double ret_b);
#pragma ck_derivative g wrt(a) tangent(g_d) adjoint(g_b)
// CHECK: inactive-and-derivative.c:[[@LINE+1]]:21: error: 'g' has a ck_derivative and cannot also be ck_inactive; keep one of them
#pragma ck_inactive g
// CHECK: inactive-and-derivative.c:[[@LINE-3]]:23: note: its ck_derivative is here

#pragma ck_adjoint wrt(x)
double f(double x)
{
	return g(x) * x;
}
