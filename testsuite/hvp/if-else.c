// if / else if / else on active values inside a loop: each x_i takes one of
// three branches, with a coupling term between neighbours in the middle
// one.  By hand, with j = (i + 1) mod n:
//   x_i > 0:       s += x_i^3            H[i][i] += 6 x_i
//   -1 < x_i <= 0: s += sin(x_i) x_j     H[i][i] += -sin(x_i) x_j,
//                                        H[i][j] = H[j][i] += cos(x_i)
//   x_i <= -1:     s -= exp(x_i)         H[i][i] += -exp(x_i)
// plus s = x_0 x_{n-1} at the start (H[0][n-1] = H[n-1][0] += 1).  The
// points stay 0.1 away from the branch limits, so the differences do not
// cross them.  f_b_d against that H (1e-12) and Richardson differences of
// the hand gradient (CK_HVP_RTOL = 1e-7), the ret_bd * grad term
// separately, accumulation, symmetry.
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
	double s = x[0] * x[n - 1];
	for (int i = 0; i < n; i++) {
		if (x[i] > 0.0) {
			s += x[i] * x[i] * x[i];
		} else if (x[i] > -1.0) {
			s += sin(x[i]) * x[(i + 1) % n];
		} else {
			s -= exp(x[i]);
		}
	}
	return s;
}
// CHECK-LABEL: double f_b_d(const double *x, const double *x_d, double *x_b, double *x_bd, int n, double ret_b, double ret_bd)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 6

/* g = gradient, hv = H v (v may be NULL) */
static void hand(const double *x, const double *v, double *g, double *hv)
{
	for (int i = 0; i < N; i++)
		g[i] = hv[i] = 0;
	g[0] += x[N - 1];
	g[N - 1] += x[0];
	if (v) {
		hv[0] += v[N - 1];
		hv[N - 1] += v[0];
	}
	for (int i = 0; i < N; i++) {
		int j = (i + 1) % N;
		if (x[i] > 0.0) {
			g[i] += 3 * x[i] * x[i];
			if (v)
				hv[i] += 6 * x[i] * v[i];
		} else if (x[i] > -1.0) {
			g[i] += cos(x[i]) * x[j];
			g[j] += sin(x[i]);
			if (v) {
				hv[i] += -sin(x[i]) * x[j] * v[i] + cos(x[i]) * v[j];
				hv[j] += cos(x[i]) * v[i];
			}
		} else {
			g[i] -= exp(x[i]);
			if (v)
				hv[i] -= exp(x[i]) * v[i];
		}
	}
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	double hv[N];
	(void)n;
	(void)ctx;
	hand(x, NULL, g, hv);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)ctx;
	return f_b_d(x, xd, xb, xbd, n, rb, qb);
}

int main(void)
{
	static const double pts[2][N] = {{0.8, -0.5, -1.7, 0.3, -0.2, -1.3},
					 {-0.4, -1.2, 1.1, -0.9, 0.6, 0.2}};
	for (int k = 0; k < 2; k++) {
		double v[N], u[N], g[N], hv[N];
		for (int i = 0; i < N; i++) {
			v[i] = ck_rand();
			u[i] = ck_rand();
		}
		hand(pts[k], v, g, hv);
		double y = ck_check_hvp("if-else", hvp, grad, NULL, pts[k], v, u,
					hv, N, 0.75, -1.25);
		ck_equal_bits("primal", y, f(pts[k], N));
	}
	return ck_done();
}
#endif
