// ?: on active values, choosing between active expressions (and a minimum
// written with ?:).  By hand, for each i < n-1:
//   x_i > x_{i+1}: t = x_i x_{i+1}^2     H[i][i+1] += 2 x_{i+1},
//                                        H[i+1][i+1] += 2 x_i
//   else:          t = exp(x_i - x_{i+1}) H += e [[1, -1], [-1, 1]]
// and m = min(x_0, x_{n-1}) adds m^3 (H[k][k] += 6 m at the minimum k).
// Points whose comparisons are within 0.05 of a tie are redrawn, so the
// differences do not cross a branch.  f_b_d against that H (1e-12) and
// Richardson differences of the hand gradient (CK_HVP_RTOL = 1e-7), the
// ret_bd * grad term separately, accumulation, symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n - 1; i++)
		s += x[i] > x[i + 1] ? x[i] * x[i + 1] * x[i + 1]
				     : exp(x[i] - x[i + 1]);
	double m = x[0] < x[n - 1] ? x[0] : x[n - 1];
	return s + m * m * m;
}
// CHECK-LABEL: double f_b_d(const double *x, const double *x_d, double *x_b, double *x_bd, int n, double ret_b, double ret_bd)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 7

static void hand(const double *x, const double *v, double *g, double *hv)
{
	for (int i = 0; i < N; i++)
		g[i] = hv[i] = 0;
	for (int i = 0; i < N - 1; i++) {
		double a = x[i], b = x[i + 1];
		if (a > b) {
			g[i] += b * b;
			g[i + 1] += 2 * a * b;
			if (v) {
				hv[i] += 2 * b * v[i + 1];
				hv[i + 1] += 2 * b * v[i] + 2 * a * v[i + 1];
			}
		} else {
			double e = exp(a - b);
			g[i] += e;
			g[i + 1] -= e;
			if (v) {
				hv[i] += e * (v[i] - v[i + 1]);
				hv[i + 1] -= e * (v[i] - v[i + 1]);
			}
		}
	}
	int k = x[0] < x[N - 1] ? 0 : N - 1;
	g[k] += 3 * x[k] * x[k];
	if (v)
		hv[k] += 6 * x[k] * v[k];
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	double hv[N];
	(void)n;
	(void)ctx;
	hand(x, NULL, g, hv);
}

static int near_tie(const double *x)
{
	for (int i = 0; i < N - 1; i++)
		if (fabs(x[i] - x[i + 1]) < 0.05)
			return 1;
	return fabs(x[0] - x[N - 1]) < 0.05;
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)ctx;
	return f_b_d(x, xd, xb, xbd, n, rb, qb);
}

int main(void)
{
	for (int k = 0; k < 3; k++) {
		double x[N], v[N], u[N], g[N], hv[N];
		do
			for (int i = 0; i < N; i++)
				x[i] = ck_rand();
		while (near_tie(x));
		for (int i = 0; i < N; i++) {
			v[i] = ck_rand();
			u[i] = ck_rand();
		}
		hand(x, v, g, hv);
		double y = ck_check_hvp("ternary", hvp, grad, NULL, x, v, u, hv,
					N, 0.75, -1.25);
		ck_equal_bits("primal", y, f(x, N));
	}
	return ck_done();
}
#endif
