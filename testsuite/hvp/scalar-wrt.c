// A scalar wrt parameter next to a pointer one, the signature of DESIGN
// section 2: s is passed with s_d by value and s_b, s_bd by pointer.
//   f(x, s) = sum_i sin(s x_i) + s^3, by hand:
//   H[x_i][x_i] = -s^2 sin(s x_i), H[x_i][s] = cos(s x_i) - s x_i sin(s x_i),
//   H[s][s] = -sum_i x_i^2 sin(s x_i) + 6 s.
// f_b_d against that H (1e-12) and Richardson differences of the hand
// gradient (CK_HVP_RTOL = 1e-7); ret_bd = 0 and the ret_bd * grad term
// separately, accumulation into s_b and s_bd, symmetry; s_d alone moves
// x_bd by H[x][s] s_d.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#pragma ck_hvp wrt(x, s)
double f(const double *x, double s, int n)
{
	double r = s * s * s;
	for (int i = 0; i < n; i++)
		r += sin(s * x[i]);
	return r;
}
// CHECK-LABEL: double f_b_d(const double *x, const double *x_d, double *x_b, double *x_bd, double s, double s_d, double *s_b, double *s_bd, int n, double ret_b, double ret_bd)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 5

/* p = (x_0 .. x_{N-1}, s) */
static void grad(const double *p, double *g, int n, void *ctx)
{
	double s = p[N];
	(void)n;
	(void)ctx;
	g[N] = 3 * s * s;
	for (int i = 0; i < N; i++) {
		g[i] = s * cos(s * p[i]);
		g[N] += p[i] * cos(s * p[i]);
	}
}

static void hess_vec(const double *p, const double *v, double *hv)
{
	double s = p[N];
	hv[N] = 6 * s * v[N];
	for (int i = 0; i < N; i++) {
		double xi = p[i], hxs = cos(s * xi) - s * xi * sin(s * xi);
		hv[i] = -s * s * sin(s * xi) * v[i] + hxs * v[N];
		hv[N] += hxs * v[i] - xi * xi * sin(s * xi) * v[N];
	}
}

static double hvp(const double *p, const double *pd, double *pb, double *pbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return f_b_d(p, pd, pb, pbd, p[N], pd[N], &pb[N], &pbd[N], N, rb, qb);
}

int main(void)
{
	double p[N + 1], v[N + 1], u[N + 1], hv[N + 1];
	for (int k = 0; k < 2; k++) {
		for (int i = 0; i <= N; i++) {
			p[i] = ck_rand();
			v[i] = ck_rand();
			u[i] = ck_rand();
		}
		p[N] = k ? 1.7 : -0.8;
		hess_vec(p, v, hv);
		double y = ck_check_hvp("x and s", hvp, grad, NULL, p, v, u, hv,
					N + 1, 0.75, -1.25);
		ck_equal_bits("primal", y, f(p, p[N], N));
	}
	/* only s_d: x_bd = H[x][s] s_d, s_bd = H[s][s] s_d */
	double zero[N] = {0}, xb[N] = {0}, xbd[N] = {0}, sb = 0, sbd = 0;
	double e[N + 1] = {0}, want[N + 1], got[N + 1];
	e[N] = 1;
	hess_vec(p, e, want);
	f_b_d(p, zero, xb, xbd, p[N], 2.0, &sb, &sbd, N, 1.0, 0.0);
	for (int i = 0; i < N; i++) {
		got[i] = xbd[i];
		want[i] *= 2;
	}
	got[N] = sbd;
	want[N] *= 2;
	ck_close_vec("s_d alone: column s of H", got, want, N + 1, 1e-12);
	return ck_done();
}
#endif
