// Variables named as functions that the generated code calls: a local
// g_bwd or g_fwd where f_b calls g's sweeps, a parameter g_d where f_d
// calls g_d, a helper's parameter g_fwd, a local ck_mulz beside sqrt's
// rule (which calls libckrt's ck_mulz).  Each hid the function and the
// output did not compile (called object 'g_d' is not a function); such a
// variable now takes the next free name (g_d2).  Gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double g_d2, double *ret_d){{$}}
// CHECK: double g_bwd = g_d(x[0], x_d[0], &g_bwd_d);
// CHECK: double ck_mulz_d = ck_mulz(0.5 / ck_e, x_d[1]) * g_d2;
// OUT-NOT: FAIL
// OUT: checks, 0 failed
#include <math.h>

static double g(double a)
{
	return a * sin(a);
}

static double h(const double *x, double g_fwd)
{
	double h_fwd_d = g(x[0]) * g_fwd;
	return h_fwd_d;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, double g_d)
{
	double g_bwd = g(x[0]);
	double g_fwd = h(x, x[1]);
	double ck_mulz = sqrt(x[1]) * g_d;
	return g_bwd * x[1] + g_fwd + ck_mulz;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS(f, 0.7)

int main(void)
{
	volatile double one = 1.0;
	double v[2] = { 0.4 * one, 0.9 * one };
	kc_check_scalar("variables named as callees", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, 2, 3);
	return ck_done();
}
#endif
