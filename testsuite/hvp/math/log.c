// Second-order adjoint of log: f(x, y) = log(x * y), so with u = x y,
// H = g''(u) (y, x)(y, x)^T + g'(u) [[0, 1], [1, 0]] for g(u) = log(u).
// f_b_d against that hand-derived H (1e-12) and against Richardson
// differences of the hand-derived gradient (CK_HVP_RTOL = 1e-7, relative to
// the largest entry of H v); ret_bd = 0 and the ret_bd * grad term
// (x_d = 0) separately, accumulation, symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run --sanitize %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#pragma ck_hvp wrt(x, y)
double f(double x, double y)
{
	return log(x * y);
}
// CHECK-LABEL: double f_b_d(double x, double x_d, double *x_b, double *x_bd, double y, double y_d, double *y_b, double *y_bd, double ret_b, double ret_bd)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

/* g'(u) and g''(u), by hand */
static void derivs(double u, double *d1, double *d2)
{
	double g1, g2;
	g1 = 1.0 / u;
	g2 = -1.0 / (u * u);
	*d1 = g1;
	*d2 = g2;
}

static void grad(const double *p, double *g, int n, void *ctx)
{
	double g1, g2;
	(void)n;
	(void)ctx;
	derivs(p[0] * p[1], &g1, &g2);
	g[0] = g1 * p[1];
	g[1] = g1 * p[0];
}

static void hess_vec(const double *p, const double *v, double *hv)
{
	double g1, g2, x = p[0], y = p[1];
	derivs(x * y, &g1, &g2);
	hv[0] = (g2 * y * y) * v[0] + (g2 * x * y + g1) * v[1];
	hv[1] = (g2 * x * y + g1) * v[0] + (g2 * x * x) * v[1];
}

static double hvp(const double *p, const double *pd, double *pb, double *pbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return f_b_d(p[0], pd[0], &pb[0], &pbd[0], p[1], pd[1], &pb[1],
		     &pbd[1], rb, qb);
}

int main(void)
{
	static const double pts[2][2] = {{0.7, 1.3}, {2.5, 0.3}};
	for (int k = 0; k < 2; k++) {
		double v[2] = {ck_rand(), ck_rand()}, u[2] = {ck_rand(), ck_rand()};
		double hv[2];
		hess_vec(pts[k], v, hv);
		double y = ck_check_hvp("log", hvp, grad, NULL, pts[k], v, u, hv,
					2, 0.75, -1.25);
		ck_equal_bits("primal", y, f(pts[k][0], pts[k][1]));
	}
	return ck_done();
}
#endif
