// Early returns: one from inside a loop, one from an if after it, and the
// final return.  With s = sum of x_i^2 over the indices visited (the loop
// returns s^2 as soon as s > 2), f = phi(s, x_0) for one of
//   s^2 (in the loop), -s x_0 (x_0 < 0), sqrt(s^2 + 1) (otherwise),
// so by hand H = phi_ss ds ds^T + phi_s d2s + phi_s0 (ds e0^T + e0 ds^T)
// with ds = 2 x and d2s = 2 I on the visited indices.  Three points, one
// per return, whose running sums stay 0.1 away from the limit.  f_b_d
// against that H (1e-12) and Richardson differences of the hand gradient
// (CK_HVP_RTOL = 1e-7), the ret_bd * grad term separately, accumulation,
// symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: ok: return 0 taken
// OUT: ok: return 1 taken
// OUT: ok: return 2 taken
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++) {
		s += x[i] * x[i];
		if (s > 2.0)
			return s * s;
	}
	if (x[0] < 0.0)
		return -s * x[0];
	return sqrt(s * s + 1.0);
}
// CHECK-LABEL: double f_b_d(const double *x, const double *x_d, double *x_b, double *x_bd, int n, double ret_b, double ret_bd)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 5

static int which_; /* the return taken by the last hand() */
static double margin_; /* smallest |s - 2| seen */

static void hand(const double *x, const double *v, double *g, double *hv)
{
	double s = 0, ds[N] = {0}, dsv = 0;
	double ps, pss, ps0, p0;
	int k;
	margin_ = 1e9;
	for (k = 0; k < N; k++) {
		s += x[k] * x[k];
		ds[k] = 2 * x[k];
		margin_ = fmin(margin_, fabs(s - 2.0));
		if (s > 2.0)
			break;
	}
	if (k < N) {
		which_ = 0;
		ps = 2 * s, pss = 2, ps0 = 0, p0 = 0;
	} else if (x[0] < 0.0) {
		which_ = 1;
		ps = -x[0], pss = 0, ps0 = -1, p0 = -s;
	} else {
		double r = sqrt(s * s + 1);
		which_ = 2;
		ps = s / r, pss = 1 / (r * r * r), ps0 = 0, p0 = 0;
	}
	for (int i = 0; i < N; i++) {
		g[i] = ps * ds[i];
		if (v)
			dsv += ds[i] * v[i];
	}
	g[0] += p0;
	if (!v)
		return;
	for (int i = 0; i < N; i++)
		hv[i] = pss * dsv * ds[i] + ps * (i <= k ? 2 * v[i] : 0) +
			ps0 * ds[i] * v[0];
	hv[0] += ps0 * dsv;
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
	static const double pts[3][N] = {{0.9, -0.8, 0.9, 0.4, 0.5},
					 {-0.6, 0.5, -0.4, 0.7, 0.3},
					 {0.6, -0.5, 0.4, -0.7, 0.3}};
	for (int k = 0; k < 3; k++) {
		double v[N], u[N], g[N], hv[N];
		char what[32];
		for (int i = 0; i < N; i++) {
			v[i] = ck_rand();
			u[i] = ck_rand();
		}
		hand(pts[k], v, g, hv);
		ck_check("running sum 0.1 away from the limit", margin_ > 0.1);
		snprintf(what, sizeof what, "return %d taken", which_);
		ck_check(what, which_ == k);
		double y = ck_check_hvp("early return", hvp, grad, NULL, pts[k],
					v, u, hv, N, 0.75, -1.25);
		ck_equal_bits("primal", y, f(pts[k], N));
	}
	return ck_done();
}
#endif
