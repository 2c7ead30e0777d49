// A firstprivate array that each iteration only hands to a helper whose
// parameter points to const, g(c, v): the helper reads it, so nothing
// carries from one iteration to the next, and the reverse mode accepts
// the loop (an array handed to a helper that may write it, ema(c, v), is
// refused: diagnostics/openmp-carried-array.c).  Checked on 1 and 2
// threads and without -fopenmp: gradients, Hessian-vector products and
// the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: env OMP_NUM_THREADS=1 %ckc-run %t.c %s %t.omp1 -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: env OMP_NUM_THREADS=2 %ckc-run --one %t.c %s %t.omp2 -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT
#include <math.h>

#define N 6

static double g(const double *c, double v)
{
	return c[0] * sin(v) + c[1] * v;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double c[2] = { 0.5, 0.25 }, s = 0.0;
	int i;
#pragma omp parallel for firstprivate(c) reduction(+ : s)
	for (i = 0; i < N; i++)
		s += g(c, x[i] * x[i]);
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(kf, f)

int main(void)
{
	volatile double one = 1.0;
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = 0.1 * (i + 3) * one;
	kc_check_scalar("firstprivate array read by a helper", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
