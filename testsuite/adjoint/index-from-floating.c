// An index of active data computed from floating values in place,
// x[(int)u] or w[(int)floor(t * 4)], where u changes later: ckc moves the
// index into an integer local first (int ck_ix = (int)u; x[ck_ix]), which
// the reverse sweep keeps as any other (it used to stop with an internal
// error).  A table lookup driven by a passive state that the loop
// updates, and a piecewise-linear interpolation on an active grid;
// gradients, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 8

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double lookup(const double *x)
{
	double u = 2.5, s = 0.0;
	for (int i = 0; i < N; i++) {
		s += x[(int)u] * x[i];
		u = fmod(u * 1.7 + 0.9, (double)N);
	}
	return s;
}
// CHECK-LABEL: static double lookup_fwd(const double *x){{$}}
// CHECK: ck_ix = (int)u;
// CHECK: s += x[ck_ix] * x[i];

/* y(t) on the grid x[0..N-1] over [0, 1], at t = 0.05, 0.17, ... */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double interp(const double *x)
{
	double s = 0.0, t = 0.05;
	while (t < 0.95) {
		double p = t * (N - 1), f = p - floor(p);
		s += (1.0 - f) * x[(int)floor(p)] * x[(int)floor(p)] +
		     f * sin(x[(int)floor(p) + 1]);
		t += 0.12;
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(klookup, lookup)
KC_SCALAR_WRAPPERS_PLAIN_AS(kinterp, interp)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("x[(int)u], u changed later", klookup, klookup_d,
			klookup_b, klookup_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("interpolation, x[(int)floor(p)]", kinterp,
			kinterp_d, kinterp_b, kinterp_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
