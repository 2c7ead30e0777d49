// Callees that write through pointer parameters, read-only callees, an
// inactive call, and aliased arguments: axpy(a, y, y, n).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-activity %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out

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
#pragma ck_adjoint wrt(x, a)
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
	axpy(a, w, w, n);
	return dot(w, x, n) + dot(c, c, n) + dot(x, x, n);
}
// CHECK-LABEL: static double f_fwd(const double *x, double a, int n){{$}}
// CHECK: axpy_fwd(a, x, w, n);
// CHECK: axpy(2.0, c, c, n);
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double a, double *a_b, int n, double ret_b){{$}}

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
	double xb[N] = {0}, ab = 0, d, dot = 0;
	for (int i = 0; i < N; i++) {
		x0[i] = ck_rand();
		v[i] = ck_rand();
	}
	ck_equal_bits("primal", f_b(x0, xb, a0, &ab, N, 1.0), f(x0, a0, N));
	f_d(x0, v, a0, va, N, &d);
	dot = ab * va;
	for (int i = 0; i < N; i++)
		dot += xb[i] * v[i];
	ck_close("dot product", dot, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
