// Writes through a ?: that picks one of two local objects: fill(x, d ?
// a : b) with local arrays, *(d ? &a : &b) = e with local scalars, and
// (d ? a : b)[0] = e in a helper whose a and b are its parameters.  The
// ?: makes both objects one set of data (as for a call's argument,
// adjoint/select-argument.c), so the reverse sweep seeds and reads both
// adjoints: f_b dropped the derivative that went into b (0 where 1.4 is
// right), and the tangent and f_b_d stopped with internal errors.
// Tangent, gradient, Hessian-vector products and the dot-product test
// against differences, for d = 0 and 1.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

static void fill(const double *x, double *out)
{
	out[0] = x[0] * x[0];
}

static void route(const double *x, double *a, double *b, int d)
{
	(d ? a : b)[0] = x[0] * sin(x[1]);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int d)
{
	double a[1] = { 0.0 }, b[1] = { 0.0 }, p = 0.0, q = 0.0;
	double g[1] = { 0.0 }, h[1] = { 0.0 };
	fill(x, d ? a : b);
	*(d ? &p : &q) = x[0] * x[1];
	route(x, g, h, d);
	return a[0] + 3.0 * b[0] + p + 2.0 * q + g[0] * x[1] + h[0];
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static int dd;
KC_SCALAR_WRAPPERS(f, dd)

int main(void)
{
	volatile double one = 1.0;
	double v[2] = { 0.7 * one, -0.4 * one };
	for (dd = 0; dd < 2; dd++)
		kc_check_scalar(dd ? "writes through ?:, d = 1"
				   : "writes through ?:, d = 0",
				kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, 2, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
