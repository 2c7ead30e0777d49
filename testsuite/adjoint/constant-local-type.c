// A floating local with a constant initializer that nothing assigns
// again, which the reverse sweep evaluates again instead of taping:
// double n = 2; w = 1 / n.  f_bwd wrote the initializer as it stood, 2,
// an int, so 1 / n became the integer division 1 / 2 (a zero gradient),
// k / N took k / 4 (zero), a branch k / thr >= 0.5 was decided again
// with k / 2 (the other branch), k * N * N overflowed as int, and a
// float a = 0.1 was read as the double 0.1.  The initializer is now
// converted to the variable's type, (double)2, (float)0.1.  Gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// CHECK-LABEL: static void mean_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: 1 / (double)2
// CHECK-LABEL: static void branch_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: if (k / (double)2 >= 0.5) {
// OUT-NOT: FAIL
// OUT: checks, 0 failed

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double mean(const double *x)
{
	double n = 2;
	double w = 1 / n;
	return w * x[0] * x[0] + w * x[1];
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double ramp(const double *x)
{
	double N = 4, s = 0;
	for (int k = 0; k < 3; k++) {
		double t = k / N;
		s += t * x[k] * x[k];
	}
	return s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double branch(const double *x)
{
	double thr = 2, s = 0;
	for (int k = 0; k < 3; k++) {
		if (k / thr >= 0.5)
			s += x[k] * x[k];
		else
			s += x[k];
	}
	return s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double scaled(const double *x)
{
	double N = 100000, s = 0;
	float a = 0.1;
	for (int k = 1; k < 3; k++) {
		double c = k * N * N * 1e-10;
		s += c * x[k] * x[k] + a * x[k];
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(km, mean)
KC_SCALAR_WRAPPERS_PLAIN_AS(kr, ramp)
KC_SCALAR_WRAPPERS_PLAIN_AS(kb, branch)
KC_SCALAR_WRAPPERS_PLAIN_AS(ks, scaled)

int main(void)
{
	volatile double one = 1.0;
	double v[3] = { 2.0 * one, 1.0 * one, 0.3 * one };
	kc_check_scalar("w = 1 / n", km, km_d, km_b, km_b_d, NULL, v, NULL, 3,
			3);
	kc_check_scalar("t = k / N", kr, kr_d, kr_b, kr_b_d, NULL, v, NULL, 3,
			3);
	kc_check_scalar("k / thr in a branch", kb, kb_d, kb_b, kb_b_d, NULL, v,
			NULL, 3, 3);
	kc_check_scalar("N * N, float a", ks, ks_d, ks_b, ks_b_d, NULL, v,
			NULL, 3, 3);
	return ck_done();
}
#endif
