// The step functions of math.h on active values: floor, ceil, trunc,
// round, rint and nearbyint have derivative 0 (everywhere but at their
// jumps, as a branch's), so an index computed from an active value,
// k = (int)floor(t), interpolates in a table, and x - floor(x) has
// derivative 1; fmod(a, b) is a - trunc(a / b) * b, fdim(a, b) is
// a > b ? a - b : 0.  Nothing is taped for a partial that reads no value
// (floor's 0, fmod's 1): f_b_d would tape its tangent too, and misalign
// the tape.  Inputs away from the jumps; gradients, Hessian-
// vector products and the dot-product test against differences, in every
// mode and with float calls (floorf).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 4

static const double tab[11] = {0.0, 0.1, 0.35, 0.5, 0.4, 0.2,
			       0.3, 0.6, 0.9, 1.0, 1.2};

static double lerp(double u)
{
	double t = u * 10.0;
	int k = (int)floor(t);
	if (k < 0)
		k = 0;
	if (k > 9)
		k = 9;
	double w = t - k;
	return tab[k] + w * (tab[k + 1] - tab[k]);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double s = 0.0;
	for (int i = 0; i < N; i++) {
		double u = x[i] - floor(x[i]);
		s += lerp(u) * x[(i + 1) % N];
		s += fmod(3.0 * x[i], 0.7 + x[(i + 2) % N] * x[(i + 2) % N]);
		s += fdim(x[i], 0.5) * ceil(x[i]) + round(x[i]) * x[i];
		s += (double)floorf((float)x[i]) * trunc(x[i] * 2.0) +
		     rint(x[i]) + nearbyint(x[i]) * x[i];
		/* fmod's partial in its first argument, 1, reads no value:
		 * cos(x[i]) must not be taped for it */
		s += fmod(cos(x[i]), 1.18) + fmod(exp(x[i]), 0.5) * x[i];
	}
	return s;
}

// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: fmod(
// CHECK-LABEL: static double f_fwd(const double *x){{$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	/* fractional parts, 10 u, 3 x / (0.7 + x^2) and 2 x away from
	 * integers */
	double v[N] = {1.234, -0.612, 0.871, 2.345};
	kc_check_scalar("step functions", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
