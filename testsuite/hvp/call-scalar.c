// Calls with scalar arguments returning values: a callee called twice with
// different active arguments, one nested in the other's argument, and one
// with constant arguments only.
//   f(x, y) = g(sq(sqrt(x)), y) sq(y) + sq(3) = x e^y y^2 + 9 (x > 0):
//   fxx = 0, fxy = e^y (y^2 + 2y), fyy = x e^y (y^2 + 4y + 2).
// f_b_d against that H (1e-12) and Richardson differences of the hand
// gradient (CK_HVP_RTOL = 1e-7); ret_bd = 0 and the ret_bd * grad term
// separately, accumulation, symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

static double sq(double a)
{
	return a * a;
}

static double g(double a, double b)
{
	return a * exp(b);
}

#pragma ck_hvp wrt(x, y)
double f(double x, double y)
{
	return g(sq(sqrt(x)), y) * sq(y) + sq(3.0);
}
// CHECK-LABEL: double f_b_d(double x, double x_d, double *x_b, double *x_bd, double y, double y_d, double *y_b, double *y_bd, double ret_b, double ret_bd)
// CHECK: sq(3.0)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static void grad(const double *p, double *gr, int n, void *ctx)
{
	double x = p[0], y = p[1], e = exp(y);
	(void)n;
	(void)ctx;
	gr[0] = e * y * y;
	gr[1] = x * e * (y * y + 2 * y);
}

static void hess_vec(const double *p, const double *v, double *hv)
{
	double x = p[0], y = p[1], e = exp(y);
	double hxy = e * (y * y + 2 * y), hyy = x * e * (y * y + 4 * y + 2);
	hv[0] = hxy * v[1];
	hv[1] = hxy * v[0] + hyy * v[1];
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
	static const double pts[2][2] = {{0.7, 1.3}, {2.5, -0.6}};
	for (int k = 0; k < 2; k++) {
		double v[2] = {ck_rand(), ck_rand()}, u[2] = {ck_rand(), ck_rand()};
		double hv[2];
		hess_vec(pts[k], v, hv);
		double y = ck_check_hvp("calls", hvp, grad, NULL, pts[k], v, u,
					hv, 2, 0.75, -1.25);
		ck_equal_bits("primal", y, f(pts[k][0], pts[k][1]));
	}
	return ck_done();
}
#endif
