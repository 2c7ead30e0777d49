// f_b_dv of a kernel that views its input as rows of a fixed length
// ((const double (*)[2])x, points of a curve) and hands them to helpers
// declared with such rows (const double (*P)[2]), one of them (first)
// only read for a value the forward sweep needs without its tangent.
// That helper's forward sweep declared the rows view of its tangent
// (ck_P_dv) and never read it: -Wunused-variable failed -Werror.  It is
// now voided.  Each direction of f_b_dv is f_b_d's, bit for bit, and
// f_b_d is checked against differences of gradients.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

static double first(const double (*P)[2])
{
	return P[0][0] * P[1][1];
}

/* de Casteljau on 3 control points at t, x coordinate */
static double casteljau(const double (*P)[2], double t)
{
	double a = (1 - t) * P[0][0] + t * P[1][0];
	double b = (1 - t) * P[1][0] + t * P[2][0];
	return (1 - t) * a + t * b;
}

#pragma ck_hvp wrt(x)
#pragma ck_hvp wrt(x) vector
double f(const double *x)
{
	const double(*P)[2] = (const double(*)[2])x;
	return first(P) + sin(casteljau(P, 0.25)) * casteljau(P, 0.75);
}
// CHECK-LABEL: static double first_fwd_dv(
// CHECK: const double (*ck_P_dv)[2 * ck_nd] = (const double (*)[2 * ck_nd])P_dv;
// CHECK-NEXT: (void)ck_P_dv;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 6
#define ND 3

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	double xd[N] = { 0.0 }, gd[N];
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	f_b_d(x, xd, g, gd, 1.0, 0.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return f_b_d(x, xd, xb, xbd, rb, rbd);
}

int main(void)
{
	volatile double b = 0.3;
	double x[N], v[N], u[N], xdv[N * ND], xb[N] = { 0 },
	       xbdv[N * ND] = { 0 }, rbdv[ND] = { 0.0, 0.5, -0.25 };
	for (int i = 0; i < N; i++) {
		x[i] = b * (i + 1) - 0.7;
		v[i] = 0.25 * (i % 3) - 0.3;
		u[i] = 0.5 - 0.125 * i;
		for (int k = 0; k < ND; k++)
			xdv[i * ND + k] = 0.1 * (i + 1) * (k + 1) - b;
	}
	ck_check_hvp("f_b_d", hvp, grad, NULL, x, v, u, NULL, N, 0.5, 3.0);
	ck_equal_bits("primal of f_b_dv",
		      f_b_dv(x, xdv, xb, xbdv, ND, 1.0, rbdv), f(x));
	for (int k = 0; k < ND; k++) {
		double xd[N], b1[N] = { 0 }, bd[N] = { 0 };
		for (int i = 0; i < N; i++)
			xd[i] = xdv[i * ND + k];
		f_b_d(x, xd, b1, bd, 1.0, rbdv[k]);
		for (int i = 0; i < N; i++) {
			ck_equal_bits("f_b_dv's direction is f_b_d",
				      xbdv[i * ND + k], bd[i]);
			if (k == 0)
				ck_equal_bits("f_b_dv's gradient", xb[i], b1[i]);
		}
	}
	return ck_done();
}
#endif
