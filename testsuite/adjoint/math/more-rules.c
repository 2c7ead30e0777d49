// asinh, acosh, atanh, copysign (the product of the two signs, -0.0
// negative), ldexp and scalbn with an integer exponent (an exact scaling
// by 2^k), remainder (a - rint(a / b) b), logb (a step function), and
// fma (three arguments): gradients, Hessian-vector products
// and the dot-product test against differences; f_dv and f_b_dv are
// compiled too.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>
#define N 4
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_hvp wrt(x) vector
double f(const double *x)
{
	int k = (int)floor(2 * x[3]) + 1;
	double s = asinh(x[0] * x[1]) + acosh(1.5 + x[1] * x[1]) +
		   atanh(0.5 * sin(x[2]));
	s += copysign(x[0] * x[2], x[1] - 0.1) * x[3];
	s += ldexp(x[1] * x[3], k) + scalbn(sin(x[2]), -k) * x[0];
	s += copysign(x[3], -0.0) * x[1] + atanh(0.25 * x[2]) * 0.5;
	s += remainder(5.0 * x[0], x[2]) * x[1] + logb(8.0 * x[3]) * x[0];
	return s * s;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: 1.0 / sqrt(x[0] * x[1] * (x[0] * x[1]) + 1.0)
// CHECK: copysign(1.0, x[0] * x[2]) * copysign(1.0, x[1] - 0.1)
// CHECK: ldexp(1.0, k) * (x_d[1] * x[3] + x[1] * x_d[3])
// CHECK: -rint(5.0 * x[0] / x[2]) * x_d[2]
/* fma(a, b, c) = a b + c rounded once: partials b, a and 1 */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_hvp wrt(x) vector
double g(const double *x)
{
	double s = 0.0;
	for (int i = 0; i < N; i++)
		s = fma(x[i], sin(x[(i + 1) % N]), s * 0.5);
	return fma(s, s, x[0]) + fma(2.0, x[1], 0.5) + fma(x[2], 3.0, x[3]);
}
// CHECK-LABEL: double g_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: s_d = ck_e * x_d[i] + x[i] * (cos(x[(i + 1) % 4]) * x_d[(i + 1) % 4]) + s_d * 0.5;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_PLAIN(f)
KC_SCALAR_WRAPPERS_PLAIN_AS(kg, g)
int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8};
	kc_check_scalar("asinh acosh atanh copysign ldexp scalbn", kf, kf_d,
			kf_b, kf_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("fma", kg, kg_d, kg_b, kg_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
