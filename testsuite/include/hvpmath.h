/*
 * hvpmath.h - the checking program of testsuite/hvp/math/'s tests of
 * f(x, y) = g(x * y) for one math function g.
 *
 * With u = x y, the gradient is g'(u) (y, x) and the Hessian
 *   H = g''(u) (y, x)(y, x)^T + g'(u) [[0, 1], [1, 0]].
 * The test defines, before including this file:
 *   f(x, y)                  the function (with #pragma ck_hvp wrt(x, y))
 *   derivs(u, &g1, &g2)      g'(u) and g''(u), derived by hand
 *   HVPMATH_NAME             the function's name, for the output
 *   HVPMATH_POINTS           two points {{x, y}, {x, y}} inside g's domain
 * and gets a main that runs ck_check_hvp (ckcheck.h) on f_b_d at both
 * points along random directions, against that H and against Richardson
 * differences of the hand gradient, and checks the primal bitwise.
 */
#ifndef HVPMATH_H
#define HVPMATH_H

#include "ckcheck.h"

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
	static const double pts[2][2] = HVPMATH_POINTS;
	for (int k = 0; k < 2; k++) {
		double v[2] = {ck_rand(), ck_rand()}, u[2] = {ck_rand(), ck_rand()};
		double hv[2];
		hess_vec(pts[k], v, hv);
		double y = ck_check_hvp(HVPMATH_NAME, hvp, grad, NULL, pts[k], v,
					u, hv, 2, 0.75, -1.25);
		ck_equal_bits("primal", y, f(pts[k][0], pts[k][1]));
	}
	return ck_done();
}

#endif
