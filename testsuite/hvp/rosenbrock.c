// The full Hessian of the Rosenbrock function for n = 4, 5, 6, column by
// column from f_b_d with unit x_d (ret_b = 1, ret_bd = 0), against the
// hand-derived tridiagonal Hessian
//   H[i][i] = 1200 x_i^2 - 400 x_{i+1} + 2 (i < n-1) + 200 (i > 0),
//   H[i][i+1] = H[i+1][i] = -400 x_i,
// (1e-12 relative to the largest entry) and against ck_hessian_fd,
// Richardson differences of the hand gradient (CK_HVP_RTOL = 1e-7); the
// columns are symmetric; the ret_bd * grad term and the rest of the usual
// checks with ck_check_hvp along random directions.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#pragma ck_hvp wrt(x)
double rosen(const double *x, int n)
{
	double f = 0.0;
	for (int i = 0; i < n - 1; i++) {
		double a = x[i + 1] - x[i] * x[i];
		double b = 1.0 - x[i];
		f += 100.0 * a * a + b * b;
	}
	return f;
}
// CHECK-LABEL: double rosen_b_d(const double *x, const double *x_d, double *x_b, double *x_bd, int n, double ret_b, double ret_bd)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define NMAX 6

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0;
	for (int i = 0; i < n - 1; i++) {
		g[i] += -400 * x[i] * (x[i + 1] - x[i] * x[i]) - 2 * (1 - x[i]);
		g[i + 1] += 200 * (x[i + 1] - x[i] * x[i]);
	}
}

static void hessian(const double *x, int n, double *H)
{
	for (int i = 0; i < n * n; i++)
		H[i] = 0;
	for (int i = 0; i < n; i++) {
		if (i < n - 1) {
			H[i * n + i] += 1200 * x[i] * x[i] - 400 * x[i + 1] + 2;
			H[i * n + i + 1] = H[(i + 1) * n + i] = -400 * x[i];
		}
		if (i > 0)
			H[i * n + i] += 200;
	}
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)ctx;
	return rosen_b_d(x, xd, xb, xbd, n, rb, qb);
}

int main(void)
{
	for (int n = 4; n <= NMAX; n++) {
		double x[NMAX], e[NMAX], xb[NMAX], col[NMAX], v[NMAX], u[NMAX];
		double H[NMAX * NMAX], Hh[NMAX * NMAX], Hfd[NMAX * NMAX];
		double hv[NMAX];
		char what[64];
		for (int i = 0; i < n; i++)
			x[i] = 1.0 + 0.6 * ck_rand();
		for (int j = 0; j < n; j++) {
			for (int i = 0; i < n; i++) {
				e[i] = i == j;
				xb[i] = col[i] = 0;
			}
			double y = rosen_b_d(x, e, xb, col, n, 1.0, 0.0);
			ck_equal_bits("primal", y, rosen(x, n));
			for (int i = 0; i < n; i++)
				H[i * n + j] = col[i];
		}
		hessian(x, n, Hh);
		ck_hessian_fd(grad, NULL, x, n, CK_FD_H, Hfd);
		snprintf(what, sizeof what, "n = %d: H vs hand", n);
		ck_close_vec(what, H, Hh, n * n, 1e-12);
		snprintf(what, sizeof what, "n = %d: H vs differences", n);
		ck_close_vec(what, H, Hfd, n * n, CK_HVP_RTOL);
		int sym = 1;
		for (int i = 0; i < n; i++)
			for (int j = 0; j < i; j++)
				sym &= fabs(H[i * n + j] - H[j * n + i]) <=
				       1e-12 * fabs(H[i * n + j]) + CK_ATOL;
		snprintf(what, sizeof what, "n = %d: H symmetric", n);
		ck_check(what, sym);

		for (int i = 0; i < n; i++) {
			v[i] = ck_rand();
			u[i] = ck_rand();
		}
		for (int i = 0; i < n; i++) {
			hv[i] = 0;
			for (int j = 0; j < n; j++)
				hv[i] += Hh[i * n + j] * v[j];
		}
		snprintf(what, sizeof what, "n = %d", n);
		ck_check_hvp(what, hvp, grad, NULL, x, v, u, hv, n, 0.5, 3.0);
	}
	return ck_done();
}
#endif
