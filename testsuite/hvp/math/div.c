// Second-order adjoint of division: f(x, y) = x / y + 1 / (x + y), whose
// Hessian is fxx = 2/s^3, fxy = -1/y^2 + 2/s^3, fyy = 2x/y^3 + 2/s^3 with
// s = x + y.  f_b_d against that hand-derived H (1e-12) and against
// Richardson differences of the hand-derived gradient (CK_HVP_RTOL = 1e-7);
// ret_bd = 0 and the ret_bd * grad term (x_d = 0) separately, accumulation,
// symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#pragma ck_hvp wrt(x, y)
double f(double x, double y)
{
	return x / y + 1.0 / (x + y);
}
// CHECK-LABEL: double f_b_d(double x, double x_d, double *x_b, double *x_bd, double y, double y_d, double *y_b, double *y_bd, double ret_b, double ret_bd)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static void grad(const double *p, double *g, int n, void *ctx)
{
	double x = p[0], y = p[1], s = x + y;
	(void)n;
	(void)ctx;
	g[0] = 1 / y - 1 / (s * s);
	g[1] = -x / (y * y) - 1 / (s * s);
}

static void hess_vec(const double *p, const double *v, double *hv)
{
	double x = p[0], y = p[1], s = x + y, c = 2 / (s * s * s);
	double hxx = c, hxy = -1 / (y * y) + c, hyy = 2 * x / (y * y * y) + c;
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
	static const double pts[2][2] = {{0.7, 1.3}, {-2.5, 0.9}};
	for (int k = 0; k < 2; k++) {
		double v[2] = {ck_rand(), ck_rand()}, u[2] = {ck_rand(), ck_rand()};
		double hv[2];
		hess_vec(pts[k], v, hv);
		double y = ck_check_hvp("div", hvp, grad, NULL, pts[k], v, u, hv,
					2, 0.75, -1.25);
		ck_equal_bits("primal", y, f(pts[k][0], pts[k][1]));
	}
	return ck_done();
}
#endif
