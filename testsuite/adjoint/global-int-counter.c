// An integer global that the function changes and reads in its active
// statements (a call counter, a step number): the reverse sweep needs the
// value each statement saw, not the one f leaves, so the partial that
// reads it is taped (it read the global's last value).  Gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

#define N 3

int nsteps;

static double step(double u, double x)
{
	nsteps++;
	return u * u * nsteps + x;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double u = x[0];
	nsteps = 0;
	for (int k = 0; k < N; k++)
		u = 0.5 * step(u, x[k]);
	return u * nsteps;
}
// CHECK-LABEL: static double step_fwd(double u, double x){{$}}
// CHECK: nsteps++;
// CHECK-NEXT: ck_push_i(ck_t, nsteps);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 0.6};
	kc_check_scalar("integer global counter", kf, kf_d, kf_b, kf_b_d, NULL,
			v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
