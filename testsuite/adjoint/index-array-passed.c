// A local integer array, or a malloc'd integer table, that f hands to
// helper functions: an argsort that fills it, a reader that indexes
// active data through it, a helper that changes it again after f has
// read it (each row from &t[i * n] on, and the rows of a 2-D table,
// t2[r], too).  f_fwd tapes the table whole
// before each call that may change it (not before the first, which sets
// it, nor before calls whose parameter points to const), and f_bwd takes
// it back after the call's reverse, so each reader's reverse sweep sees
// the values the reader saw; gradients, Hessian-vector products and the
// dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>
#include <stdlib.h>

#define N 10

static void argsort(const double *x, int *perm, int n)
{
	for (int i = 0; i < n; i++)
		perm[i] = i;
	for (int i = 1; i < n; i++) {
		int p = perm[i], j = i - 1;
		while (j >= 0 && x[perm[j]] > x[p]) {
			perm[j + 1] = perm[j];
			j--;
		}
		perm[j + 1] = p;
	}
}

static double ranked(const double *x, const int *perm, int n)
{
	double s = 0.0;
	for (int r = 0; r < n; r++)
		s += (r + 1) * x[perm[r]] * sin(x[perm[r]]);
	return s;
}

static void rotate(int *p, int n, int by)
{
	for (int i = 0; i < n; i++)
		p[i] = (p[i] + by) % n;
}

/* The rank-weighted sum of x by its argsort, then twice more after
 * rotating the order. */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double rank(const double *x)
{
	int perm[N];
	argsort(x, perm, N);
	double s = ranked(x, perm, N);
	for (int k = 1; k <= 2; k++) {
		rotate(perm, N, 3 * k);
		s += x[perm[0]] * ranked(x, perm, N);
	}
	return s;
}
// CHECK-LABEL: static double rank_fwd(const double *x){{$}}
// CHECK-NOT: ck_push_i
// CHECK: argsort_fwd(x, perm, 10);
// CHECK-NEXT: s = ranked_fwd(x, perm, 10);
// CHECK: for (ck_k = 0; ck_k < 10; ck_k++) {
// CHECK-NEXT: ck_push_i(ck_t, perm[ck_k]);
// CHECK-NEXT: }
// CHECK-NEXT: rotate(perm, 10, 3 * k);
// CHECK-LABEL: static void rank_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: ranked_bwd(x, x_b, perm, 10, ck_a
// CHECK: for (ck_k = 9; ck_k >= 0; ck_k--) {
// CHECK-NEXT: perm[ck_k] = ck_pop_i(ck_t);

/* A table of rows, each filled by a helper from its first element on,
 * and refilled after a first pass reads it. */
static void fillrow(int *r, int n, int shift)
{
	for (int j = 0; j < n; j++)
		r[j] = (j * shift + 1) % n;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double rows(const double *x)
{
	int t[4 * 4];
	double s = 0.0;
	for (int i = 0; i < 4; i++)
		fillrow(&t[i * 4], 4, i + 1);
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++)
			s += x[i * 2 + t[i * 4 + j] % 2] * x[t[j * 4 + i]];
	for (int i = 0; i < 4; i++)
		fillrow(t + i * 4, 4, 2 * i + 3);
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++)
			s += cos(x[t[i * 4 + j] + 6]) * x[j];
	return s;
}
// CHECK-LABEL: static double rows_fwd(const double *x){{$}}
// CHECK: ck_push_i(ck_t, t[ck_k
// CHECK-NEXT: }
// CHECK-NEXT: fillrow(&t[i * 4], 4, i + 1);

/* The rows of a 2-D table, each filled by a helper (fillrow(t2[r], ...)),
 * one refilled after a first pass reads them. */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double rows2d(const double *x)
{
	int t2[3][4];
	double s = 0.0;
	for (int r = 0; r < 3; r++)
		fillrow(t2[r], 4, r + 1);
	for (int r = 0; r < 3; r++)
		for (int j = 0; j < 4; j++)
			s += x[t2[r][j] + r] * x[j] * (r + 1);
	fillrow(t2[1], 4, 3);
	for (int j = 0; j < 4; j++)
		s += sin(x[t2[1][j]]) * x[t2[1][j] + 4];
	return s;
}
// CHECK-LABEL: static double rows2d_fwd(const double *x){{$}}
// CHECK: ck_push_i(ck_t, ((int *)t2)[ck_k{{[0-9]*}}]);
// CHECK-NEXT: }
// CHECK-NEXT: fillrow(t2[r], 4, r + 1);
// CHECK: ck_push_i(ck_t, ((int *)t2)[ck_k{{[0-9]*}}]);
// CHECK-NEXT: }
// CHECK-NEXT: fillrow(t2[1], 4, 3);

/* The same argsort into a malloc'd table, changed by a helper after a
 * first pass reads it. */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double heap(const double *x, int n)
{
	int *perm = malloc((size_t)n * sizeof *perm);
	argsort(x, perm, n);
	double s = ranked(x, perm, n);
	rotate(perm, n, 4);
	for (int i = 0; i < n; i++)
		s += x[perm[i]] * x[i] * (i + 1);
	free(perm);
	return s;
}
// CHECK-LABEL: static double heap_fwd(const double *x, int n){{$}}
// CHECK: ck_m = perm_bytes / sizeof(int);
// CHECK-NEXT: for (ck_k = 0; ck_k < ck_m; ck_k++) {
// CHECK-NEXT: ck_push_i(ck_t, perm[ck_k]);
// CHECK-NEXT: }
// CHECK-NEXT: ck_push_i(ck_t, ck_m);
// CHECK-NEXT: rotate(perm, n, 4);
// CHECK-NOT: ck_m
// CHECK-LABEL: static void heap_bwd(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// CHECK: ck_m = ck_pop_i(ck_t);
// CHECK-NEXT: for (ck_k = ck_m - 1; ck_k >= 0; ck_k--) {
// CHECK-NEXT: perm[ck_k] = ck_pop_i(ck_t);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(krank, rank)
KC_SCALAR_WRAPPERS_PLAIN_AS(krows, rows)
KC_SCALAR_WRAPPERS_PLAIN_AS(krows2d, rows2d)
KC_SCALAR_WRAPPERS_AS(kheap, heap, N)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("argsort into a local array", krank, krank_d, krank_b,
			krank_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("rows filled from &t[i * n]", krows, krows_d,
			krows_b, krows_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("rows of a 2-D table filled by a helper", krows2d,
			krows2d_d, krows2d_b, krows2d_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("argsort into a malloc'd table", kheap, kheap_d,
			kheap_b, kheap_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
