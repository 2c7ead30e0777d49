// A loop copy whose length is known only at run time: cell(m, n, w, x, h)
// reads x[j] and h[j + 1] for j < n once per output i < m, writes neither
// in that loop, and writes h afterwards (an LSTM cell's shape).  f_fwd
// tapes x[0..n) and h[1..n] once after the loop over outputs, for any n
// (none where the loops do not run: m = 0 or n = 0); f_bwd takes them off
// the tape into scratch buffers before that loop's reverse and frees them
// after.  x and h point into one array (the caller passes &s[0] and
// &s[n]), which is fine since the loop stores only to a local array.  A
// float array (g, which cell scales afterwards) goes the same way.  Derivatives are checked against
// differences, the tangent and the Hessian for n = 0, 1, 3 and m = 0, 2,
// and are bitwise those of --no-tbr, which tapes every read.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include <math.h>

#define NMAX 4

static void cell(int m, int n, const double *w, const double *x, double *h,
		 float *g)
{
	double gates[NMAX];
	int i, j;
	for (i = 0; i < m; i++) {
		double a = 0.1 * i;
		for (j = 0; j < n; j++)
			a += w[i * n + j] * x[j] * h[j + 1] + g[j] * x[j];
		gates[i] = a;
	}
	for (i = 0; i < m && i < n; i++) {
		h[i + 1] = tanh(gates[i]) + h[i + 1];
		g[i] *= 2.0f;
	}
}

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double f(const double *v, int m, int n)
{
	/* v: w (m x n), then s (2 n + 1) */
	double s[2 * NMAX + 1], r = 0;
	float g[NMAX];
	int i;
	for (i = 0; i < 2 * n + 1; i++)
		s[i] = v[m * n + i];
	for (i = 0; i < n; i++)
		g[i] = 0.5f + 0.25f * (float)i;
	cell(m, n, v, &s[0], &s[n], g);
	for (i = 0; i < 2 * n + 1; i++)
		r += s[i] * s[i];
	for (i = 0; i < n; i++)
		r += g[i] * s[i];
	return r;
}
// CHECK-LABEL: static void cell_fwd(int m, int n, const double *w, const double *x, double *h, float *g){{$}}
// CHECK-NOT: ck_push_d
// CHECK-NOT: ck_reserve_d
// CHECK: gates[i] = a;
// CHECK: ck_push_nd(ck_t, x, m > 0 && n > 0 ? (long)n : 0);
// CHECK-NEXT: ck_push_nd(ck_t, h + 1, m > 0 && n > 0 ? (long)n : 0);
// CHECK-NEXT: ck_push_nf(ck_t, g, m > 0 && n > 0 ? (long)n : 0);
// CHECK-LABEL: static void cell_bwd(
// CHECK: long [[LG:ck_len[0-9]*]] = m > 0 && n > 0 ? (long)n : 0;
// CHECK-NEXT: float *[[G:g[0-9]+]] = ck_scratch_alloc_f([[LG]]);
// CHECK-NEXT: ck_pop_nf(ck_t, [[G]], [[LG]]);
// CHECK: double *[[H:h[0-9]+]] = ck_scratch_alloc_d(
// CHECK: double *[[X:x[0-9]+]] = ck_scratch_alloc_d(
// CHECK: w_b[i * n + j] +=
// CHECK-SAME: [[X]][j]
// CHECK: ck_scratch_free_d([[X]],
// CHECK-NEXT: ck_scratch_free_d([[H]],
// CHECK-NEXT: ck_scratch_free_f([[G]], [[LG]]);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static int M, N;

#define MN M, N
KC_SCALAR_WRAPPERS(f, MN)

int main(void)
{
	static const int ms[] = {2, 0, 2, 2}, ns[] = {3, 3, 1, 0};
	for (int k = 0; k < 4; k++) {
		double v[NMAX * NMAX + 2 * NMAX + 1];
		M = ms[k];
		N = ns[k];
		int nv = M * N + 2 * N + 1;
		for (int i = 0; i < nv; i++)
			v[i] = 0.3 * ck_rand() + 0.4;
		kc_check_scalar("runtime copy", kf, kf_d, kf_b, kf_b_d, NULL, v,
				NULL, nv, 2);
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
