// Active data behind pointers: indexing, pointer arithmetic, *(p + i),
// local pointers into a parameter, and const on the pure input's shadow.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t

#pragma ck_tangent wrt(x)
double f(double *x, int n)
{
	double s = 0.0;
	const double *q = x + 1;
	for (int i = 0; i + 1 < n; i++)
		s += x[i] * *(q + i) + *(x + i) / (1.0 + q[i] * q[i]);
	double *last = &x[n - 1];
	return s * *last;
}
// CHECK-LABEL: double f_d(double *x, const double *x_d, int n, double *ret_d)
// CHECK: const double *q_d = x_d + 1;
// CHECK: const double *q = x + 1;
// CHECK: const double *last_d = &x_d[n - 1];

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 7
static double x0[N], v[N];

static double at(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = x0[i] + t * v[i];
	return f(x, N);
}

int main(void)
{
	for (int i = 0; i < N; i++) {
		x0[i] = ck_rand();
		v[i] = ck_rand();
	}
	double d;
	double y = f_d(x0, v, N, &d);
	ck_equal_bits("primal", y, f(x0, N));
	ck_close("tangent", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
