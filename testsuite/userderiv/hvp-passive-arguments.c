// Second order through user rules whose other parameters get passive
// locals: a local array of constants (a tridiagonal solver's
// coefficients) and a scalar that a loop changes (a pressure level).  In
// f_b_d they were refused as carrying a derivative, since f_bwd pops their
// values from the tape; f_b accepted them.  f_b_d against differences of
// f_b, symmetry and accumulation (ck_check_hvp); the tangent against
// differences and the dot product.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

/* wsum = sum_i c[i] v[i]^2 */
double wsum(const double *v, const double *c, int n);
double wsum_d(const double *v, const double *v_d, const double *c, int n,
	      double *ret_d);
double wsum_b(const double *v, double *v_b, const double *c, int n,
	      double ret_b);
double wsum_b_d(const double *v, const double *v_d, double *v_b,
		double *v_bd, const double *c, int n, double ret_b,
		double ret_bd);
#pragma ck_derivative wsum wrt(v) tangent(wsum_d) adjoint(wsum_b) hvp(wsum_b_d)

/* qs = T^3 / p */
double qs(double T, double p);
double qs_d(double T, double T_d, double p, double *ret_d);
double qs_b(double T, double *T_b, double p, double ret_b);
double qs_b_d(double T, double T_d, double *T_b, double *T_bd, double p,
	      double ret_b, double ret_bd);
#pragma ck_derivative qs wrt(T) tangent(qs_d) adjoint(qs_b) hvp(qs_b_d)

#define N 3

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double cost(const double *x)
{
	double c[N] = { 1.0, 2.0, 3.0 };
	double lo[N];
	for (int k = 0; k < N; k++)
		lo[k] = k > 0 ? -0.4 : 0.5;
	double p = 9.0, J = wsum(x, c, N) + wsum(x, lo, N);
	for (int k = 0; k < N; k++) {
		p -= 1.0;
		J += qs(x[k], p);
	}
	return J;
}
// CHECK-LABEL: static void cost_bwd_d(
// CHECK: wsum_b_d(x, x_d, x_b, x_bd, lo{{[0-9]*}}, 3,
// CHECK: wsum_b_d(x, x_d, x_b, x_bd, c{{[0-9]*}}, 3,

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

double wsum(const double *v, const double *c, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += c[i] * v[i] * v[i];
	return s;
}
double wsum_d(const double *v, const double *v_d, const double *c, int n,
	      double *ret_d)
{
	double sd = 0.0;
	for (int i = 0; i < n; i++)
		sd += 2.0 * c[i] * v[i] * v_d[i];
	*ret_d = sd;
	return wsum(v, c, n);
}
double wsum_b(const double *v, double *v_b, const double *c, int n,
	      double ret_b)
{
	for (int i = 0; i < n; i++)
		v_b[i] += 2.0 * c[i] * v[i] * ret_b;
	return wsum(v, c, n);
}
double wsum_b_d(const double *v, const double *v_d, double *v_b,
		double *v_bd, const double *c, int n, double ret_b,
		double ret_bd)
{
	for (int i = 0; i < n; i++) {
		v_b[i] += 2.0 * c[i] * v[i] * ret_b;
		v_bd[i] += 2.0 * c[i] * (v_d[i] * ret_b + v[i] * ret_bd);
	}
	return wsum(v, c, n);
}
double qs(double T, double p)
{
	return T * T * T / p;
}
double qs_d(double T, double T_d, double p, double *ret_d)
{
	*ret_d = 3.0 * T * T * T_d / p;
	return qs(T, p);
}
double qs_b(double T, double *T_b, double p, double ret_b)
{
	*T_b += 3.0 * T * T / p * ret_b;
	return qs(T, p);
}
double qs_b_d(double T, double T_d, double *T_b, double *T_bd, double p,
	      double ret_b, double ret_bd)
{
	*T_b += 3.0 * T * T / p * ret_b;
	*T_bd += (6.0 * T * T_d * ret_b + 3.0 * T * T * ret_bd) / p;
	return qs(T, p);
}

KC_SCALAR_WRAPPERS_PLAIN(cost)

int main(void)
{
	double v[N] = { 0.7, -0.3, 1.1 };
	kc_check_scalar("passive arguments", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 2);
	return ck_done();
}
#endif
