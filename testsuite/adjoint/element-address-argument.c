// Element addresses as arguments: g(&x[1]) and g(&x[2 * k]) hand a
// sub-array to a callee.  ckc once looped forever on &x[1] in reverse mode
// (the reverse sweep's pointer rebuilder handed the address back to itself).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out

static double g(const double *c) { return c[0] * c[1]; }

static void scale2(double *y, double a)
{
	y[0] *= a;
	y[1] *= a;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x, int k)
{
	double w[6];
	for (int i = 0; i < 6; i++)
		w[i] = x[i] * x[i];
	scale2(&w[2 * k], x[0]);
	return g(&x[1]) + g(&w[2 * k]) + g(w + 3);
}
// CHECK-LABEL: static double f_fwd(const double *x, int k){{$}}
// CHECK-LABEL: static void f_bwd(
// CHECK: g_bwd(&x[1], &x_b[1],

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 6
static double x0[N], v[N];

static double at(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = x0[i] + t * v[i];
	return f(x, 1);
}

int main(void)
{
	double xb[N] = {0}, d, dot = 0;
	for (int i = 0; i < N; i++) {
		x0[i] = ck_rand();
		v[i] = ck_rand();
	}
	ck_equal_bits("primal", f_b(x0, xb, 1, 1.0), f(x0, 1));
	f_d(x0, v, 1, &d);
	for (int i = 0; i < N; i++)
		dot += xb[i] * v[i];
	ck_close("dot product", dot, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
