// A static local of floating data that each call overwrites whole before
// reading it is scratch: the first statement of the body that mentions
// it assigns it (a scalar) or is a counted loop over its length that
// stores every element (an array).  No value carries over from call to
// call, so ckc takes it as an ordinary local in every mode.  Gradients,
// Hessian-vector products and the dot-product test against differences;
// calling twice gives the same derivatives.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>

#define N 8

static void smooth(const double *x, double *y)
{
	static double tmp[N];
	for (int i = 0; i < N; i++)
		tmp[i] = sin(x[i]);
	for (int i = 0; i < N; i++)
		y[i] = tmp[i] * tmp[(i + 1) % N];
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	static double acc;
	double y[N];
	acc = 0;
	smooth(x, y);
	for (int i = 0; i < N; i++)
		acc += y[i] * x[i];
	return acc;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK-NOT: static
// CHECK: return acc;
// CHECK-LABEL: static void smooth_d(const double *x, const double *x_d, double *y, double *y_d){{$}}
// CHECK-NEXT: {
// CHECK-NEXT: double tmp_d[8] = {0.0};
// CHECK-NEXT: double tmp[8];

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_PLAIN(f)
int main(void)
{
	double v[N], g1[N] = { 0 }, g2[N] = { 0 };
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("static scratch", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	f_b(v, g1, 1.0);
	f_b(v, g2, 1.0);
	for (int i = 0; i < N; i++)
		ck_equal_bits("a second call's gradient", g1[i], g2[i]);
	return ck_done();
}
#endif
