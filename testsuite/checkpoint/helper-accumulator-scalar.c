// A helper whose binomial loop accumulates into the caller's local scalar
// through a pointer, filter(y, T, a, &ll) with save(ll[0:1]), the usual
// shape of a filter's log-likelihood: the helper's reverse sweep
// recomputes in a buffer of its own, which holds the one element.  It was
// refused as if another argument reached ll too ("a call passes it data
// that another argument reaches too").  f_b and f_b_d are bit for bit
// those of ckc --no-checkpoint, checked against differences and
// differences of gradients.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

static void filter(const double *y, int T, const double *p, double *ll)
{
	double m = 0.0;
#pragma ck_checkpoint binomial(2) save(ll[0:1])
	for (int t = 0; t < T; t++) {
		double e = y[t] - p[0] * m;
		*ll -= 0.5 * e * e / (p[1] * p[1]);
		m = p[0] * m + 0.5 * tanh(e);
	}
}

#pragma ck_adjoint wrt(p)
#pragma ck_hvp wrt(p)
double loglik(const double *y, int T, const double *p)
{
	double ll = 0.0;
	filter(y, T, p, &ll);
	return ll - T * log(p[1]);
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define T 9
static double Y[T];

typedef struct {
	const double *p;
	int k;
} at_ctx;

static double at(double t, void *ctx)
{
	at_ctx *a = ctx;
	double q[2] = { a->p[0] + (a->k == 0 ? t : 0.0),
			a->p[1] + (a->k == 1 ? t : 0.0) };
	return loglik(Y, T, q);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	loglik_b(Y, T, x, g, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return loglik_b_d(Y, T, x, xd, xb, xbd, rb, rbd);
}

int main(void)
{
	volatile double base = 0.4; /* (no constant folding of tanh) */
	double p[2] = { base + 0.3, base + 0.8 }, g[2];
	double v[2] = { 0.5, -0.25 }, u[2] = { -0.3, 0.7 };
	for (int t = 0; t < T; t++)
		Y[t] = base * sin(0.7 * t + base);
	grad(p, g, 2, NULL);
	for (int k = 0; k < 2; k++) {
		at_ctx a = { p, k };
		ck_close("loglik_b against differences", g[k],
			 ck_richardson(at, &a, CK_FD_H), 1e-8);
	}
	ck_check_hvp("loglik_b_d", hvp, grad, NULL, p, v, u, NULL, 2, 0.5, 3.0);
	return ck_done();
}
#endif
