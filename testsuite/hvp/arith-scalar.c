// Second-order adjoint of scalar arithmetic: + - * /, unary minus, compound
// assignments, constants, in double and float.
//   f(x, y) = x^2 y + 3x - y/x + (x - 2y)(x + y)
//   fxx = 2y - 2y/x^3 + 2, fxy = 2x + 1/x^2 - 1, fyy = -4 (by hand).
// f_b_d against that H (1e-12) and Richardson differences of the hand
// gradient (CK_HVP_RTOL = 1e-7); ret_bd = 0 and the ret_bd * grad term
// (x_d = 0) separately, their sum, accumulation, symmetry; the float
// version against the same hand H at 1e-5.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#pragma ck_hvp wrt(x, y)
double f(double x, double y)
{
	double t = x * x;
	t *= y;
	t += 3.0 * x;
	t -= y / x;
	t += -(2.0 * y - x) * (x + y);
	return t;
}
// CHECK-LABEL: double f_b_d(double x, double x_d, double *x_b, double *x_bd, double y, double y_d, double *y_b, double *y_bd, double ret_b, double ret_bd)

#pragma ck_hvp wrt(x, y)
float g(float x, float y)
{
	float t = x * x;
	t *= y;
	t += 3.0f * x;
	t -= y / x;
	t += -(2.0f * y - x) * (x + y);
	return t;
}
// CHECK-LABEL: float g_b_d(float x, float x_d, float *x_b, float *x_bd, float y, float y_d, float *y_b, float *y_bd, float ret_b, float ret_bd)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static void grad(const double *p, double *gr, int n, void *ctx)
{
	double x = p[0], y = p[1];
	(void)n;
	(void)ctx;
	gr[0] = 2 * x * y + 3 + y / (x * x) + 2 * x - y;
	gr[1] = x * x - 1 / x - x - 4 * y;
}

static void hess_vec(const double *p, const double *v, double *hv)
{
	double x = p[0], y = p[1];
	double hxx = 2 * y - 2 * y / (x * x * x) + 2;
	double hxy = 2 * x + 1 / (x * x) - 1, hyy = -4;
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
	static const double pts[3][2] = {{0.7, 1.3}, {-1.9, 0.4}, {2.5, -3.0}};
	for (int k = 0; k < 3; k++) {
		double v[2] = {ck_rand(), ck_rand()}, u[2] = {ck_rand(), ck_rand()};
		double hv[2], gr[2];
		hess_vec(pts[k], v, hv);
		double y = ck_check_hvp("double", hvp, grad, NULL, pts[k], v, u,
					hv, 2, 0.75, -1.25);
		ck_equal_bits("primal", y, f(pts[k][0], pts[k][1]));

		/* float: (ret_b, ret_bd) = (1, 0), then (0, 1) with x_d = 0 */
		float xb = 0, xbd = 0, yb = 0, ybd = 0;
		float r = g_b_d((float)pts[k][0], (float)v[0], &xb, &xbd,
				(float)pts[k][1], (float)v[1], &yb, &ybd, 1.0f,
				0.0f);
		double gotb[2] = {xb, yb}, gotbd[2] = {xbd, ybd};
		grad(pts[k], gr, 2, NULL);
		ck_close_vec("float: x_b = grad", gotb, gr, 2, 1e-5);
		ck_close_vec("float: x_bd = H v", gotbd, hv, 2, 1e-5);
		ck_check("float: primal", r == g((float)pts[k][0],
						(float)pts[k][1]));
		xb = xbd = yb = ybd = 0;
		g_b_d((float)pts[k][0], 0.0f, &xb, &xbd, (float)pts[k][1], 0.0f,
		      &yb, &ybd, 0.0f, 1.0f);
		double gotq[2] = {xbd, ybd}, zero[2] = {0, 0}, gotz[2] = {xb, yb};
		ck_close_vec("float: x_bd = ret_bd * grad", gotq, gr, 2, 1e-5);
		ck_close_vec("float: x_b = 0 with ret_b = 0", gotz, zero, 2, 0);
	}
	return ck_done();
}
#endif
