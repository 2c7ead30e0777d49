// lgamma and tgamma: lgamma' is the digamma function, tgamma' = tgamma *
// digamma, and second order needs the trigamma function (libckrt's
// ck_digamma and ck_trigamma).  A negative binomial log-likelihood in its
// dispersion and mean (the common case), and lgamma of a negative argument
// (the reflection).  Gradients, Hessian-vector products and the
// dot-product test against differences; f_dv and f_b_dv are compiled too.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 4

static const double y[5] = {0, 3, 1, 7, 2};

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
#pragma ck_tangent wrt(v) vector
#pragma ck_hvp wrt(v) vector
double f(const double *v)
{
	double r = exp(v[0]), mu = exp(v[1]), s = 0.0;
	for (int i = 0; i < 5; i++)
		s += lgamma(y[i] + r) - lgamma(r) - lgamma(y[i] + 1) +
		     r * log(r / (r + mu)) + y[i] * log(mu / (r + mu));
	return s + tgamma(1.5 + v[2] * v[2]) + lgamma(v[3] - 1.0) * v[2];
}
// CHECK-LABEL: double f_d(const double *v, const double *v_d, double *ret_d){{$}}
// CHECK: ck_digamma(y[i] + r) * r_d - ck_digamma(r) * r_d
// CHECK-LABEL: double f_b_d(
// CHECK: ck_trigamma(

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_PLAIN(f)
int main(void)
{
	/* lgamma(v[3] - 1) at -0.35: the reflection */
	double v[N] = {0.4, 0.9, -0.6, 0.65};
	kc_check_scalar("lgamma tgamma", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL,
			N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
