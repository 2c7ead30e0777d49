// modf, frexp and sincos write through a pointer: ckc splits each call
// into the stores (ip = trunc(a), e = ck_frexp_exp(a), s = sin(a) and
// c = cos(a)) and the value (ck_modf_frac(a), derivative 1, and
// ldexp(a, -e)), so they differentiate like any math.h call, in every
// mode, also with the argument computed in place, the pointer into an
// array, the result unused and the float versions.  The numbers are the
// library's own (f_d and f_b return f bit for bit).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>
#define N 4
void sincos(double a, double *s, double *c); /* GNU's, not C99's */

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_hvp wrt(x) vector
double f(const double *x)
{
	double s = 0.0, ip[N];
	int ex[N];
	for (int i = 0; i < N; i++) {
		double fr = modf(3.0 * x[i], &ip[i]);
		double m = frexp(x[i] * x[(i + 1) % N], &ex[i]);
		s += fr * fr * ip[i] + m * m * ex[i];
	}
	double sn, cs, whole;
	sincos(x[0] * x[1], &sn, &cs);
	modf(x[2], &whole);
	int e;
	return s * (1.0 + sn * cs) + frexp(x[3], &e) * e + whole * x[2];
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: ip[i] = trunc(ck_x);
// CHECK: double fr_d = ck_x_d;
// CHECK: double fr = ck_modf_frac(ck_x);
// CHECK: int ck_exp = ck_frexp_exp(ck_x2);
// CHECK: ex[i] = ck_exp;
// CHECK: double m_d = ldexp(1.0, -ck_exp) * ck_x2_d;
// CHECK: sn = sin(ck_x3);
// CHECK: cs = ck_e;
// CHECK: whole = trunc(ck_x4);
// CHECK-NOT: modf(
// CHECK-NOT: frexp(
// CHECK-NOT: sincos(

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
float g(const float *x)
{
	float ip, s = 0.0f;
	int e;
	for (int i = 0; i < N; i++)
		s += modff(2.0f * x[i], &ip) * ip + frexpf(x[i], &e) * (float)e;
	return s * s;
}
// CHECK-LABEL: float g_d(const float *x, const float *x_d, float *ret_d){{$}}
// CHECK: ip = truncf(ck_x);
// CHECK: int ck_exp = ck_frexp_expf(ck_x2);
// CHECK: ck_modf_fracf(ck_x)
// CHECK: ldexpf(1.0f, -ck_exp) * ck_x2_d

/* outputs nothing reads: neither their stores nor their variables stay
 * (they would be set but never used under -Wall) */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double unread(double x)
{
	double ip, sn, cs;
	sincos(x, &sn, &cs);
	return modf(x, &ip) * x + sn;
}
// CHECK-LABEL: double unread_d(double x, double x_d, double *ret_d){{$}}
// CHECK-NOT: {{ip|cs}}
// CHECK: sn = sin(x);
// CHECK-NOT: {{ip|cs}}
// CHECK: return

/* in a loop's condition, which becomes a test in the body */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double h(const double *x)
{
	double s = x[0], ip;
	int k = 0;
	while (modf(s, &ip) < 0.9 && k < N) {
		s = s * 1.1 + x[k] * 0.01;
		k++;
	}
	return s * ip;
}
// CHECK-LABEL: double h_b(
// CHECK: ip = trunc(s);
// CHECK: if (!(ck_modf_frac(s) < 0.9)) {

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_PLAIN(f)
KC_SCALAR_WRAPPERS_PLAIN_AS(kh, h)

/* g in double, the reference for the float version */
static double gd(const double *x)
{
	double ip, s = 0.0;
	int e;
	for (int i = 0; i < N; i++)
		s += modf(2.0 * x[i], &ip) * ip + frexp(x[i], &e) * e;
	return s * s;
}

int main(void)
{
	/* inside one piece of every step function: 3 x away from integers,
	 * the products away from powers of 2 */
	double v[N] = {0.3, -0.7, 1.1, 0.8};
	kc_check_scalar("modf frexp sincos", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	double ud, uy = unread_d(0.6, 1.0, &ud), ub = 0.0;
	ck_check("unread outputs: f_d returns f", uy == unread(0.6));
	unread_b(0.6, &ub, 1.0);
	ck_close("unread outputs: f_b = f_d", ub, ud, 1e-15);
	ck_close("unread outputs: f_d", ud, 2 * modf(0.6, &uy) + cos(0.6),
		 1e-15);
	double w[N] = {2.3, 0.4, -0.2, 0.7};
	kc_check_scalar("modf in a loop condition", kh, kh_d, kh_b, kh_b_d,
			NULL, w, NULL, N, 2);

	float xf[N], xd[N], xb[N] = {0}, yd;
	double xv[N], h = 1e-6, dd = 0.0;
	for (int i = 0; i < N; i++) {
		xf[i] = (float)v[i];
		xd[i] = (float)(0.25 * i - 0.3);
	}
	float y = g_d(xf, xd, &yd);
	ck_check("float: f_d returns f", y == g(xf));
	ck_check("float: f_b returns f", g_b(xf, xb, 1.0f) == y);
	for (int i = 0; i < N; i++) {
		xv[i] = xf[i] + h * xd[i];
		dd += (double)xb[i] * xd[i];
	}
	double up = gd(xv);
	for (int i = 0; i < N; i++)
		xv[i] = xf[i] - h * xd[i];
	double fd = (up - gd(xv)) / (2 * h);
	ck_close("float: tangent", yd, fd, 1e-5);
	ck_close("float: dot-product test", dd, yd, 1e-5);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
