// A callee that writes through its pointer parameters, a callee that only
// reads, and one called with an inactive array (no shadow needed there).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t

static void axpy(double a, const double *x, double *y, int n)
{
	for (int i = 0; i < n; i++)
		y[i] += a * x[i];
}

static double dot(const double *x, const double *y, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += x[i] * y[i];
	return s;
}

#pragma ck_tangent wrt(x, a)
double f(const double *x, double a, int n)
{
	double w[8], c[8];
	for (int i = 0; i < n; i++) {
		w[i] = 1.0;
		c[i] = 0.5 * i;
	}
	axpy(a, x, w, n);
	axpy(0.3, c, w, n);
	axpy(2.0, c, c, n);
	return dot(w, x, n) + dot(c, c, n);
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double a, double a_d, int n, double *ret_d)
// CHECK: axpy_d(a, a_d, x, x_d, w, w_d, n);
// CHECK: axpy_d2(0.3, c, w, w_d, n);
// CHECK: axpy(2.0, c, c, n);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 6
static double x0[N], v[N], a0 = 0.7, va = -0.4;

static double at(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = x0[i] + t * v[i];
	return f(x, a0 + t * va, N);
}

int main(void)
{
	for (int i = 0; i < N; i++) {
		x0[i] = ck_rand();
		v[i] = ck_rand();
	}
	double d;
	ck_equal_bits("primal", f_d(x0, v, a0, va, N, &d), f(x0, a0, N));
	ck_close("tangent", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
