// A file-scope variable of floating data that one function overwrites
// whole before reading it, and that no other converted function uses, is
// scratch: ckc makes it a local of that function in the generated code,
// in every mode, so derivatives may flow through it.  Here a static work
// array filled by a helper, and a global scalar that f sets first.  The
// generated functions keep their own storage and leave the globals as
// they were.  Gradients, Hessian-vector products and the dot-product test
// against differences; a second call gives the same gradient.  A global
// buffer of fixed size that f fills only up to n, `for (i = 0; i < n;
// i++) buf[i] = ...`, is scratch too when every later use is buf[j] in a
// loop for (j = 0; j < n; j++) over the same n, which nothing changes.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>

#define N 8

static double work[N];
double scale;
static double buf[64];

static double spread(const double *x)
{
	double s = 0.0;
	for (int i = 0; i < N; i++)
		work[i] = sin(x[i]) * x[(i + 1) % N];
	for (int i = 0; i < N; i++)
		s += work[i] * work[N - 1 - i];
	return s;
}

static double part(const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		buf[i] = x[i] * x[i + 1];
	for (int j = 0; j < n; j++) {
		if (buf[j] > 0.1)
			buf[j] = sqrt(buf[j]);
		s += buf[j] * x[j];
	}
	return s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	scale = x[0] * x[1];
	double t = spread(x);
	return t * scale + spread(x) / (1.0 + scale * scale) + part(x, N - 2);
}
// CHECK-NOT: extern double scale
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: double scale;
// CHECK-LABEL: static double spread_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK-NEXT: {
// CHECK: double work[8];
// CHECK-NOT: static double work
// CHECK-LABEL: static double part_d(const double *x, const double *x_d, int n, double *ret_d){{$}}
// CHECK: double buf[64];

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_PLAIN(f)
int main(void)
{
	double v[N], g1[N] = { 0 }, g2[N] = { 0 };
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("global scratch", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	scale = 42.0;
	work[3] = 7.0;
	f_b(v, g1, 1.0);
	f_b(v, g2, 1.0);
	for (int i = 0; i < N; i++)
		ck_equal_bits("a second call's gradient", g1[i], g2[i]);
	ck_equal_bits("f_b leaves the global scalar", scale, 42.0);
	ck_equal_bits("f_b leaves the static array", work[3], 7.0);
	return ck_done();
}
#endif
