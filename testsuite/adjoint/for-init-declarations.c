// A for loop whose init declares floating variables: two with
// derivatives (for (double p = x[0], w = 2.0 * x[1]; ...)), a step that a
// call sets (a ray march: for (double t = 0.0, h = dist(...); ...)), and
// constants (for (double t = 0.0, dt = 0.125; ...)).  The reverse sweep
// declared the adjoints of such an init (p_b) again in a block of their
// own, so the adjoint that the loop had summed never reached x_b: f_b gave
// 0 where f_d was right, and constant ones left unused variables.  f_dv
// declared a single one (for (double s = x[2]; ...)) in a block that ended
// before its loop.  Such declarations now come before the loop, in a block
// that keeps their scope.  Gradients, Hessian-vector products and the
// dot-product test against differences; f_dv bitwise f_d.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 3

static double dist(double a, double b)
{
	return sqrt(a * a + b * b) - 0.25;
}

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double acc = 0.0;
	for (double p = x[0], w = 2.0 * x[1]; p < 1.0; p += 0.25)
		acc += w * p * p;
	for (double t = 0.0, h = dist(x[0], x[1]); t < 2.0; t += h) {
		acc += 0.125 * h * t;
		h = 0.5 + 0.25 * dist(x[1] + t, x[2]);
	}
	for (double t = 0.0, dt = 0.125; t < 0.5; t += dt)
		acc += x[2] * t * dt;
	for (double s = x[2]; s < 1.0; s += 0.25)
		acc += s * s;
	return acc;
}
// CHECK-LABEL: static void f_bwd(
// CHECK: double p_b = 0.0;
// CHECK-NOT: double p_b
// CHECK: x_b[0] += p_b;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

#define ND 3
int main(void)
{
	volatile double one = 1.0;
	double v[N] = { 0.2 * one, 0.375 * one, 0.3 * one };
	kc_check_scalar("for-init declarations", kf, kf_d, kf_b, kf_b_d, NULL,
			v, NULL, N, 3);
	double dv[N * ND], rdv[ND];
	for (int i = 0; i < N * ND; i++)
		dv[i] = ck_rand() - 0.5;
	double y = f_dv(v, dv, ND, rdv);
	ck_equal_bits("f_dv returns f", y, f(v));
	for (int k = 0; k < ND; k++) {
		double d[N], rd;
		for (int i = 0; i < N; i++)
			d[i] = dv[i * ND + k];
		f_d(v, d, &rd);
		ck_equal_bits("f_dv's tangent", rdv[k], rd);
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
