// <tgmath.h>: its type-generic sqrt(x), pow(x, y), ... are, under clang's
// header that ckc reads, calls of overloaded functions (__tg_sqrt) on
// casts of the arguments.  ckc refused them ("no derivative rule for
// '__tg_sqrt'"); it now calls the math.h function of the call's type
// (sqrt for double, sqrtf for float), whose rule it has.  Gradient,
// Hessian-vector product and tangent against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <tgmath.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double s = pow(x[0], 2.5) + atan2(x[1], x[0]) + fabs(x[1]) +
		   fmax(x[0], x[1]);
	s += sin(x[0] * x[1]) * log(x[2]) + exp(-x[1] * x[1]);
	return s + 0.5 * sqrt(x[2]);
}

#pragma ck_tangent wrt(y)
float h(float y)
{
	return sqrt(y) * y;
}
// CHECK: #include <tgmath.h>
// CHECK-LABEL: double f_d(
// CHECK: pow((double)x[0], (double)2.5)
// CHECK-NOT: __tg_
// CHECK-LABEL: float h_d(
// CHECK: sqrtf((float)y)

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	volatile double one = 1.0;
	double v[3] = { 0.7 * one, -0.4 * one, 1.3 * one };
	kc_check_scalar("tgmath", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, 3, 3);
	float hd;
	h_d(2.25f, 1.0f, &hd);
	ck_close("h_d: 1.5 sqrt(y)", hd, 2.25, 1e-6);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
