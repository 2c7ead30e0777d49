// The input is read as cc reads it, GNU C17: M_PI and HUGE_VAL from
// math.h, GNU's a ?: b, old-style definitions (with and without
// parameters) and an external function declared without a prototype.
// The output is C99: the macros are numbers (HUGE_VAL stays math.h's C99
// macro), a ?: b is a ? a : b, every function has a prototype, and the
// POSIX declarations are made visible as they were to the input.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %cc -c %t.c -o %t.o
// The test program itself is GNU C: compile it with what it needs.
// RUN: %ckc-run %t.c %s %t -D_DEFAULT_SOURCE -Wno-pedantic -Wno-strict-prototypes -Wno-unknown-warning-option -Wno-deprecated-non-prototype > %t.out
#include <math.h>

static double scale(w) double w;
{
	return w * M_PI;
}

static double one()
{
	return 1.0;
}

double offset();

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0, hi = -HUGE_VAL;
	for (int i = 0; i < n; i++) {
		double t = x[i] * x[i] - 0.5 ?: 1.0;
		s += scale(t) * one() + offset() * j0(0.0);
		if (t > hi)
			hi = t;
	}
	return s + hi;
}
// CHECK: #ifndef _DEFAULT_SOURCE
// CHECK-NEXT: #define _DEFAULT_SOURCE 1 /* as the input was read */
// CHECK-NEXT: #endif
// CHECK-NEXT: #include <math.h>
// CHECK-DAG: static double one(void);
// CHECK-DAG: double offset(void);
// CHECK-LABEL: double f_d(const double *x, const double *x_d, int n, double *ret_d)
// CHECK: double hi = -HUGE_VAL;
// CHECK: double t = (x[i] * x[i] - 0.5) ? x[i] * x[i] - 0.5 : 1.0;
// CHECK-LABEL: static double scale_d(double w, double w_d, double *ret_d)
// CHECK: return w * 3.141592653589793;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

double offset()
{
	return 0.25;
}

#define N 5
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
	double xb[N] = {0}, d, dot = 0;
	for (int i = 0; i < N; i++) {
		x0[i] = ck_rand() + 1.0;
		v[i] = ck_rand();
	}
	ck_equal_bits("primal", f_b(x0, xb, N, 1.0), f(x0, N));
	f_d(x0, v, N, &d);
	for (int i = 0; i < N; i++)
		dot += xb[i] * v[i];
	ck_close("dot product", dot, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
