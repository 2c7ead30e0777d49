// Calls of the file's functions (and modf, which writes through a
// pointer) in an arm of a floating ?: (a flux limiter chosen by a flag,
// lim ? superbee(r) : vanleer(r)), also nested and inside a larger
// expression, and right of && or || in an expression: the arm C runs,
// or the operand, becomes a test of its own that calls the function in a
// statement, into a temporary the expression reads.  These were refused
// ("cannot be differentiated here").  Derivatives against differences,
// tangent against adjoint, Hessian-vector products against differences
// of gradients.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

static double superbee(double r)
{
	return fmax(0.0, fmax(fmin(2.0 * r, 1.0), fmin(r, 2.0)));
}

static double vanleer(double r)
{
	return (r + fabs(r)) / (1.0 + fabs(r));
}

static double sq(double v)
{
	return v * v;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int lim)
{
	double s = 0.0, ip;
	for (int i = 0; i + 1 < 4; i++) {
		double r = x[i] / x[i + 1];
		double phi = lim ? superbee(r) : vanleer(r);
		s += phi * x[i] + 2.0 * (r > 1.0 ? sq(r) : (r > 0.5 ? sq(x[i]) : x[i]));
		s += (x[i] > 0.0 && sq(x[i]) > 0.25) * x[i + 1];
		s += x[i] > 0.0 ? modf(3.0 * x[i], &ip) * ip : x[i];
	}
	return s;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, int lim, double *ret_d){{$}}
// CHECK: if (lim) {
// CHECK: superbee_d(
// CHECK: } else {
// CHECK: vanleer_d(

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

/* (a global: f_b_d's wrapper gets the checker's own context) */
static int lim;
KC_SCALAR_WRAPPERS(f, lim)

int main(void)
{
	/* r = x[i] / x[i + 1] on both sides of the limiters' kinks and of
	 * 0.5 and 1, away from them */
	double v[4] = {0.9, 0.7, 1.6, 1.1};
	lim = 1;
	kc_check_scalar("superbee", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, 4, 3);
	lim = 0;
	kc_check_scalar("van Leer", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, 4, 3);
	return ck_done();
}
#endif
