// The code ckc writes is another translation unit: it cannot call static
// functions, so neither the function of a ck_derivative nor the user's
// derivatives may be static.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
static double g(double a)
{
	return a * a;
}
static double g_d(double a, double a_d, double *ret_d);
double g_b(double a, double *a_b, double ret_b);
#pragma ck_derivative g wrt(a) tangent(g_d) adjoint(g_b)
// CHECK: error-static.c:[[@LINE-1]]:23: error: 'g' is static: the derivative code ckc writes cannot call it; give it external linkage
// CHECK-NEXT: error-static.c:[[@LINE-2]]:40: error: 'g_d' is static: the derivative code ckc writes cannot call it; give it external linkage

#pragma ck_tangent wrt(x)
double f(double x)
{
	return g(x);
}
