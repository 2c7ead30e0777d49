// Second-order adjoint of pow in both arguments and with a constant
// exponent: f(x, y) = pow(x, y) + 0.5 pow(y, 3.0), whose Hessian is
//   fxx = y (y - 1) x^(y-2), fxy = x^(y-1) (1 + y ln x),
//   fyy = x^y ln^2 x + 3 y.
// f_b_d against that hand-derived H (1e-12) and against Richardson
// differences of the hand-derived gradient (CK_HVP_RTOL = 1e-7); ret_bd = 0
// and the ret_bd * grad term (x_d = 0) separately, accumulation, symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#pragma ck_hvp wrt(x, y)
double f(double x, double y)
{
	return pow(x, y) + 0.5 * pow(y, 3.0);
}
// CHECK-LABEL: double f_b_d(double x, double x_d, double *x_b, double *x_bd, double y, double y_d, double *y_b, double *y_bd, double ret_b, double ret_bd)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static void grad(const double *p, double *g, int n, void *ctx)
{
	double x = p[0], y = p[1];
	(void)n;
	(void)ctx;
	g[0] = y * pow(x, y - 1);
	g[1] = pow(x, y) * log(x) + 1.5 * y * y;
}

static void hess_vec(const double *p, const double *v, double *hv)
{
	double x = p[0], y = p[1], l = log(x);
	double hxx = y * (y - 1) * pow(x, y - 2);
	double hxy = pow(x, y - 1) * (1 + y * l);
	double hyy = pow(x, y) * l * l + 3 * y;
	hv[0] = hxx * v[0] + hxy * v[1];
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
	static const double pts[3][2] = {{0.7, 1.3}, {2.5, -0.6}, {1.4, 2.2}};
	for (int k = 0; k < 3; k++) {
		double v[2] = {ck_rand(), ck_rand()}, u[2] = {ck_rand(), ck_rand()};
		double hv[2];
		hess_vec(pts[k], v, hv);
		double y = ck_check_hvp("pow", hvp, grad, NULL, pts[k], v, u, hv,
					2, 0.75, -1.25);
		ck_equal_bits("primal", y, f(pts[k][0], pts[k][1]));
	}
	return ck_done();
}
#endif
