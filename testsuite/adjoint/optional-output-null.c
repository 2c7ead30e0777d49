// A helper with an optional output, called once with NULL and once with
// the address of a local (energy(x, n, NULL) and energy(x, n, &g)), or
// an optional gradient array (fit(x, NULL) and fit(x, grad)): the pointer
// parameter is active at both calls, and the NULL call passes a null
// shadow too, which the helper reads only behind its own test of the
// pointer (the reverse sweep replays that test from the tape).  Tangent,
// gradient, Hessian-vector products and the dot-product test against
// differences; each direction of f_dv is bitwise f_d's; built with the
// sanitizers.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>
#include <stddef.h>

#define N 5

static double energy(const double *x, int n, double *gnorm)
{
	double e = 0.0, g = 0.0;
	for (int i = 0; i < n; i++) {
		e += x[i] * x[i] * sin(x[i]);
		g += x[i] * cos(x[i]);
	}
	if (gnorm)
		*gnorm = g * g;
	return e;
}

/* a residual, and its gradient in grad when grad is not NULL */
static double fit(const double *x, double *grad)
{
	double r = 0.0;
	for (int i = 0; i < N - 1; i++) {
		double d = x[i + 1] - x[i] * x[i];
		r += d * d;
		if (grad != NULL)
			grad[i] = 2.0 * d * exp(0.1 * x[i]);
	}
	return r;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
#pragma ck_tangent wrt(x) vector
double f(const double *x)
{
	double g, grad[N - 1];
	double e1 = energy(x, N, NULL);
	double e2 = energy(x, 3, &g);
	double r = fit(x, NULL) + fit(x, grad);
	return e1 * e2 + g + r * grad[1] + grad[2] * grad[0];
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: energy_d(x, x_d, 5, (void *)0, (void *)0, &e1_d);
// CHECK: energy_d(x, x_d, 3, &g, &g_d, &e2_d);
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: energy_bwd{{[0-9]*}}(x, x_b, 5, (void *)0, {{.*}});

#ifdef CK_TEST_MAIN
#include <string.h>

#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	volatile double one = 1.0;
	double v[N] = {0.3 * one, -0.7 * one, 1.1 * one, 0.8 * one,
		       -0.2 * one};
	kc_check_scalar("optional outputs", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	double xdv[N * 3], dv[3], xd[N], d1;
	for (int i = 0; i < N * 3; i++)
		xdv[i] = ck_rand() - 0.5;
	f_dv(v, xdv, 3, dv);
	for (int j = 0; j < 3; j++) {
		for (int i = 0; i < N; i++)
			xd[i] = xdv[i * 3 + j];
		f_d(v, xd, &d1);
		ck_check("f_dv direction is f_d's, bitwise",
			 memcmp(&d1, &dv[j], sizeof d1) == 0);
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
