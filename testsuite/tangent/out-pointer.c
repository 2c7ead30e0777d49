// A void function with out(y): y_d receives the tangent of every element
// written, including elements set to constants.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>

#pragma ck_tangent wrt(x) out(y)
void f(const double *x, double *y, int n)
{
	for (int i = 0; i < n; i++)
		y[i] = exp(x[i]) * x[(i + 1) % n];
	y[0] = 1.0;
}
// CHECK-LABEL: void f_d(const double *x, const double *x_d, double *y, double *y_d, int n)
// CHECK: double ck_e = exp(x[i]);
// CHECK-NEXT: y_d[i] = ck_e * x_d[i] * x[(i + 1) % n] + ck_e * x_d[(i + 1) % n];
// CHECK-NEXT: y[i] = ck_e * x[(i + 1) % n];
// CHECK: y_d[0] = 0.0;
// CHECK-NEXT: y[0] = 1.0;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 5
static double x0[N], v[N];
static int k;

static double at(double t, void *ctx)
{
	double x[N], y[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = x0[i] + t * v[i];
	f(x, y, N);
	return y[k];
}

int main(void)
{
	double y[N], yd[N], yp[N];
	for (int i = 0; i < N; i++) {
		x0[i] = ck_rand();
		v[i] = ck_rand();
		yd[i] = 99.0;
	}
	f_d(x0, v, y, yd, N);
	f(x0, yp, N);
	for (k = 0; k < N; k++) {
		ck_equal_bits("primal", y[k], yp[k]);
		ck_close("tangent", yd[k], ck_richardson(at, NULL, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
