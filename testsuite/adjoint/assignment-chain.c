// Chained assignments on active data are split into statements, the
// inner assignment first, with C's conversions: the value of b = e is b
// after the store (an int for k = ...), read again.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out

#pragma ck_tangent wrt(x) out(x)
#pragma ck_adjoint wrt(x) out(x)
double f(double *x, int n)
{
	double a, b, c, s = 0.0;
	int i, j, k;
	a = b = x[0] * x[1];
	x[1] = a = c = x[2] * 3.1;
	i = j = 0;
	for (i = j = 1; i < n; i++)
		s += b *= x[i] * 0.5;
	double d = b = s += a;
	x[0] *= s = j = 2;
	a += k = x[3] * 4.0;
	return a * b + s * d + x[0] * x[1] + c;
}
// CHECK-LABEL: static double f_fwd(double *x, int n){{$}}
// CHECK: b = x[0] * x[1];
// CHECK: a = b;
// CHECK: c = x[2] * 3.1;
// CHECK: a = c;
// CHECK: x[1] = a;
// CHECK: j = 0;
// CHECK: i = j;
// CHECK: b *= x[i] * 0.5;
// CHECK: s += b;
// CHECK: s += a;
// CHECK: b = s;
// CHECK: d = b;
// CHECK: j = 2;
// CHECK: s = j;
// CHECK: x[0] *= s;
// CHECK: k = x[3] * 4.0;
// CHECK: a += k;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 4
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
	double x[N], xb[N] = {0}, xd[N], d, dot = 0, want;
	for (int i = 0; i < N; i++) {
		x0[i] = ck_rand() + 0.5;
		v[i] = ck_rand();
	}
	for (int i = 0; i < N; i++)
		x[i] = x0[i];
	want = f(x, N);
	for (int i = 0; i < N; i++)
		x[i] = x0[i];
	ck_equal_bits("primal", f_b(x, xb, N, 1.0), want);
	for (int i = 0; i < N; i++) {
		x[i] = x0[i];
		xd[i] = v[i];
	}
	f_d(x, xd, N, &d);
	for (int i = 0; i < N; i++)
		dot += xb[i] * v[i];
	ck_close("dot product", dot, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-7);
	return ck_done();
}
#endif
