// Trip counts f_bwd computes from bounds that are parameters, a local set
// once, or the index of an enclosing loop (a triangular nest), for <, <=,
// >= and i += 1 / i-- forms, with an int or long index: f_fwd tapes only
// values for these loops.  An index read after its loop (q) keeps its
// push before the init and its pop after the reversed loop.  The gradient
// is checked against differences and the tangent for several n and m,
// including loops that run zero times, and is bitwise the one
// --no-counted-loops gives.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-counted-loops %s -o %t.nc.c
// RUN: %cc -DCK_TEST_MAIN -DPRINT_XB -include %t.h %s %t.c -o %t.p %ckrt
// RUN: %cc -DCK_TEST_MAIN -DPRINT_XB -include %t.nc.h %s %t.nc.c -o %t.nc.p %ckrt
// RUN: %t.p > %t.p.out
// RUN: %t.nc.p > %t.nc.p.out
// RUN: cmp %t.p.out %t.nc.p.out
#include <math.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x, int n, long m)
{
	double s = 0.0;
	int i, j, k, q;
	int h = n / 2;
	for (i = 1; i < n; ++i)
		for (j = 0; j < i; j += 1)
			s += x[j] * x[i] * s * 0.01;
	for (k = n - 1; k >= 0; k--)
		s = s * 0.9 + x[k] * x[(k + 1) % n];
	for (long t = 0; t <= m; t++)
		s += s * x[t % n] * 0.1;
	for (q = h; q < n; q++)
		s += x[q] * s * 0.1;
	return s * x[q % n];
}
// CHECK-LABEL: static double f_fwd(const double *x, int n, long m){{$}}
// CHECK-NOT: ck_push_i
// CHECK: ck_push_i(ck_t, q);
// CHECK-NEXT: q = h;
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, int n, long m, double ret_b){{$}}
// CHECK: for ({{ck_n[0-9]*}} = n > h ? (long)n - (long)h : 0;
// CHECK: q = ck_pop_i(ck_t);
// CHECK: t = m >= 0 ? m + 1 : 0;
// CHECK-NEXT: for ({{ck_n[0-9]*}} = m >= 0 ? m + 1 : 0;
// CHECK: k = n - 1 >= 0 ? (-1) : n - 1;
// CHECK-NEXT: for ({{ck_n[0-9]*}} = n - 1 >= 0 ? (long)(n - 1) + 1 : 0;
// CHECK: i = n > 1 ? n : 1;
// CHECK-NEXT: for (ck_n = n > 1 ? (long)n - 1 : 0; ck_n > 0; ck_n--) {
// CHECK: j = i > 0 ? i : 0;
// CHECK-NEXT: for (ck_n2 = i > 0 ? (long)i : 0; ck_n2 > 0; ck_n2--) {
// CHECK-NEXT: j -= 1;
// OUT-NOT: FAIL
// OUT: 0 failed

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 9
static int n;
static long m;
static double x0[N];
static int k;

static double at(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = x0[i] + (i == k ? t : 0.0);
	return f(x, n, m);
}

int main(void)
{
	for (int i = 0; i < N; i++)
		x0[i] = 0.7 + 0.05 * i;
	for (n = 1; n <= N; n += 4) {
		for (m = -1; m < 12; m += 6) {
			double xb[N] = {0}, xd[N], d, dot = 0.0, err = 0.0;
			for (int i = 0; i < N; i++)
				xd[i] = 1.0 - 0.1 * i;
			ck_equal_bits("primal", f_b(x0, xb, n, m, 1.0), f(x0, n, m));
			f_d(x0, xd, n, m, &d);
			for (k = 0; k < N; k++) {
#ifdef PRINT_XB
				printf("%d %ld x_b[%d] = %a\n", n, m, k, xb[k]);
#endif
				dot += xb[k] * xd[k];
				err = fmax(err, fabs(xb[k] - ck_richardson(at, NULL,
									   CK_FD_H)));
			}
			ck_check("dot product", fabs(dot - d) <= 1e-12 * (1 + fabs(d)));
			ck_check("differences", err < 1e-8);
		}
	}
	return ck_done();
}
#endif
