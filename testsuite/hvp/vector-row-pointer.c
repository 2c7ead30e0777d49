// f_b_dv through a pointer to a row of a local 2-D array (const double *r
// = a[i]): f_bwd reaches the row through a cast of the array,
// ((double *)a_b + r)[k], which vector mode follows; it refused the
// dereference it had before ("vector mode cannot follow derivatives
// through this pointer") while f_dv took the code.  Each direction of
// f_b_dv is f_b_d's, bit for bit, and f_b_d is checked against
// differences of gradients.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>
#pragma ck_hvp wrt(x)
#pragma ck_hvp wrt(x) vector
double f(const double *x)
{
	double a[2][3];
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < 3; k++) a[i][k] = x[3*i+k] * sin(x[k]);
	double s = 0.0;
	for (int i = 0; i < 2; i++) { const double *r = a[i]; s += r[0] * r[2] + r[1] * r[1] * r[0]; }
	return s;
}
#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	double xd[6] = { 0.0 }, gd[6];
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
	volatile double b = 0.3; /* (no constant folding of sin) */
	double x[6], xdv[18], xb[6] = { 0 }, xbdv[18] = { 0 };
	double rbdv[3] = { 0, 1, 0.5 }, v[6], u[6];
	for (int i = 0; i < 6; i++) {
		x[i] = b + 0.1 * i;
		v[i] = b - 0.2 * i;
		u[i] = 0.1 * (i % 3) - b;
		for (int k = 0; k < 3; k++)
			xdv[i * 3 + k] = 0.1 * (i + 1) * (k + 1) - b;
	}
	ck_equal_bits("primal of f_b_dv", f_b_dv(x, xdv, xb, xbdv, 3, 1.0, rbdv),
		      f(x));
	for (int k = 0; k < 3; k++) {
		double xd[6], b1[6] = { 0 }, bd[6] = { 0 };
		for (int i = 0; i < 6; i++)
			xd[i] = xdv[i * 3 + k];
		f_b_d(x, xd, b1, bd, 1.0, rbdv[k]);
		for (int i = 0; i < 6; i++) {
			ck_equal_bits("f_b_dv's direction is f_b_d",
				      xbdv[i * 3 + k], bd[i]);
			if (k == 0)
				ck_equal_bits("f_b_dv's gradient", xb[i], b1[i]);
		}
	}
	ck_check_hvp("f_b_d", hvp, grad, NULL, x, v, u, NULL, 6, 0.5, 3.0);
	return ck_done();
}
#endif
