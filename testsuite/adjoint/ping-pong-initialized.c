// Double buffering over local arrays that have initializer lists of numbers
// (double a[N] = {0}, b[N] = {0.5, -1.0}): the arrays become rows of one
// array of arrays as without initializers (adjoint/ping-pong.c), whose own
// declaration takes their lists, each row padded with zeros, or {0} when
// every value is zero.  The reverse mode refused the pointers ("'p' may
// point into different arrays").  Tangent, gradient and Hessian-vector
// product against differences and by the dot-product test.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
#include <math.h>

#define N 4

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double wave(const double *v, int steps)
{
	double a[N] = {0}, b[N] = {0.5, -1.0};
	double *p = a, *q = b, *tmp;
	for (int t = 0; t < steps; t++) {
		for (int i = 0; i < N; i++)
			q[i] = 0.5 * p[i] + sin(q[i]) * v[i] + 0.25 * p[(i + 1) % N];
		tmp = q;
		q = p;
		p = tmp;
	}
	double s = 0.0;
	for (int i = 0; i < N; i++)
		s += p[i] * p[i] + q[i];
	return s;
}

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double zeros(const double *v, int steps)
{
	double a[N] = {0}, b[N] = {0.0, 0};
	double *p = a, *q = b, *tmp;
	for (int t = 0; t < steps; t++) {
		for (int i = 0; i < N; i++)
			q[i] = p[i] * v[i] + v[(i + 1) % N];
		tmp = q;
		q = p;
		p = tmp;
	}
	return p[0] * p[1] + q[2];
}
// CHECK-LABEL: double wave_d(
// CHECK: double ck_buf[2][4] = {{[{][{]}}0, 0, 0, 0}, {0.5, -1.0, 0, 0}};
// CHECK-LABEL: double zeros_d(
// CHECK: double ck_buf[2][4] = {{[{][{]}}0}};

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS(wave, 5)
KC_SCALAR_WRAPPERS_AS(kz, zeros, 3)

int main(void)
{
	volatile double one = 1.0;
	double v[N] = { 0.25 * one, -0.5 * one, 0.75 * one, 0.125 * one };
	kc_check_scalar("double buffers with initializers", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("zero-initialized double buffers", kz, kz_d, kz_b,
			kz_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
