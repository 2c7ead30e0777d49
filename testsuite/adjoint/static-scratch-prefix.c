// A static local array of which each call fills a prefix by a counted
// loop (df[i] for i < n, Numerical Recipes' work arrays) and reads only
// that prefix, by loops over the same count: scratch, as the same array
// at file scope already was.  It was refused ("keeps its value from call
// to call").  f_b against differences, f_b_d against differences of
// gradients.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
#include <math.h>

#pragma ck_adjoint wrt(zr)
#pragma ck_hvp wrt(zr)
double pv(const double *zr, int n)
{
	static double df[32];
	for (int i = 0; i < n; i++)
		df[i] = exp(-zr[i] * (i + 1));
	double s = 0;
	for (int i = 0; i < n; i++)
		s += df[i] * (1.0 + 0.1 * i);
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

typedef struct {
	const double *x;
	int k;
} at_ctx;

static double at(double t, void *ctx)
{
	const at_ctx *a = ctx;
	double y[5];
	for (int i = 0; i < 5; i++)
		y[i] = a->x[i] + (i == a->k ? t : 0.0);
	return pv(y, 5);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	pv_b(x, g, n, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	return pv_b_d(x, xd, xb, xbd, n, rb, rbd);
}

int main(void)
{
	volatile double base = 0.02;
	double x[5], g[5] = { 0.0 }, v[5], u[5];
	for (int i = 0; i < 5; i++) {
		x[i] = base + 0.01 * i;
		v[i] = base * 10.0 - 0.1 * i;
		u[i] = 0.05 * i - base;
	}
	ck_equal_bits("primal of pv_b", pv_b(x, g, 5, 1.0), pv(x, 5));
	for (int k = 0; k < 5; k++) {
		at_ctx a = { x, k };
		ck_close("pv_b against differences", g[k],
			 ck_richardson(at, &a, CK_FD_H), 1e-8);
	}
	ck_check_hvp("pv_b_d", hvp, grad, NULL, x, v, u, NULL, 5, 0.5, 3.0);
	return ck_done();
}
#endif
// OUT: 0 failed
