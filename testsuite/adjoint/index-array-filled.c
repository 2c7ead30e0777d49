// A local integer array that f fills at run time and reads as an index of
// active data: f_fwd tapes each element store's old value, f_bwd keeps a
// copy of the array that starts from the values f ends with and takes the
// old values back as it reverses the stores.  LU with partial pivoting
// (pivot swaps), an argsort by insertion, a two-dimensional table, an
// array declared with an initializer inside a loop (taped whole there),
// and tables set by memset and memcpy (loops of element stores);
// gradients, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>
#include <string.h>

#define N 4
#define NX (N * N + N)

/* x holds A (row-major) then b; the sum of squares of A^-1 b. */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double lu(const double *x)
{
	double a[N * N], y[N];
	int piv[N];
	int i, j, k;
	for (i = 0; i < N * N; i++)
		a[i] = x[i];
	for (i = 0; i < N; i++)
		piv[i] = i;
	for (k = 0; k < N; k++) {
		int p = k;
		for (i = k + 1; i < N; i++)
			if (fabs(a[i * N + k]) > fabs(a[p * N + k]))
				p = i;
		if (p != k) {
			for (j = 0; j < N; j++) {
				double t = a[k * N + j];
				a[k * N + j] = a[p * N + j];
				a[p * N + j] = t;
			}
			int t = piv[k];
			piv[k] = piv[p];
			piv[p] = t;
		}
		for (i = k + 1; i < N; i++) {
			double l = a[i * N + k] / a[k * N + k];
			a[i * N + k] = l;
			for (j = k + 1; j < N; j++)
				a[i * N + j] -= l * a[k * N + j];
		}
	}
	for (i = 0; i < N; i++) {
		y[i] = x[N * N + piv[i]];
		for (j = 0; j < i; j++)
			y[i] -= a[i * N + j] * y[j];
	}
	for (i = N - 1; i >= 0; i--) {
		for (j = i + 1; j < N; j++)
			y[i] -= a[i * N + j] * y[j];
		y[i] /= a[i * N + i];
	}
	double s = 0;
	for (i = 0; i < N; i++)
		s += y[i] * y[i];
	return s;
}
// CHECK-LABEL: static double lu_fwd(const double *x){{$}}
// CHECK: ck_push_i(ck_t, piv[k]);
// CHECK-NEXT: piv[k] = piv[p];
// CHECK-NEXT: ck_push_i(ck_t, piv[p]);
// CHECK-NEXT: piv[p] = t
// CHECK: ck_push_i(ck_t, piv[ck_k]);
// CHECK-LABEL: static void lu_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: int piv[4];
// CHECK: piv[ck_k] = ck_pop_i(ck_t);
// CHECK: x_b[4 * 4 + piv[i]] +=
// CHECK: piv[p] = ck_pop_i(ck_t);
// CHECK-NEXT: piv[k] = ck_pop_i(ck_t);

/* The rank-weighted sum sum_r (r + 1) x[idx[r]]^2 sin(x[idx[r]]), idx the
 * argsort of x (insertion sort of indices, then a rotation of the order
 * kept in a 2 x (NX/2) table). */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double rank(const double *x)
{
	int idx[NX], tab[2][NX / 2];
	double s = 0.0;
	for (int i = 0; i < NX; i++) {
		int j = i;
		while (j > 0 && x[idx[j - 1]] > x[i]) {
			idx[j] = idx[j - 1];
			j--;
		}
		idx[j] = i;
	}
	for (int r = 0; r < NX; r++)
		tab[r % 2][r / 2] = idx[(r + 3) % NX];
	for (int r = 0; r < NX; r++) {
		double v = x[tab[r % 2][r / 2]];
		s += (r + 1) * v * v * sin(v);
	}
	return s;
}
// CHECK-LABEL: static double rank_fwd(const double *x){{$}}
// CHECK: ck_push_i(ck_t, ((int *)tab)[ck_k]);
// CHECK-LABEL: static void rank_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: ((int *)tab)[ck_k] = ck_pop_i(ck_t);

/* An array declared with an initializer in a loop: counts of the signs
 * seen so far, reset each pass, index the weights. */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double counts(const double *x)
{
	const double w[NX + 1] = { 0.5,   1.0,   -0.25, 2.0,   0.75, -1.5,
				   1.25,  0.125, 3.0,   -0.5,  1.5,  0.25,
				   -2.0,  0.625, 1.75,  -0.75, 2.5,  0.375,
				   -1.25, 0.875, 1.0 };
	double s = 0.0;
	for (int pass = 0; pass < 3; pass++) {
		int seen[2] = { pass, 0 };
		for (int i = pass; i < NX; i += 2) {
			int k = x[i] > 0;
			seen[k]++;
			s += w[seen[k]] * x[i] * x[(i + seen[k]) % NX];
		}
		s *= 0.5 + 0.1 * seen[0];
	}
	return s;
}
// CHECK-LABEL: static double counts_fwd(const double *x){{$}}
// CHECK: ck_push_i(ck_t, seen[ck_k]);
// CHECK: ck_push_i(ck_t, seen[k]);
// CHECK-NEXT: seen[k]++;

/* memset (to 0 and to -1) and memcpy of integer tables, which become
 * element stores: a counting sort of x's elements into 4 bins. */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double hist(const double *x)
{
	int cnt[4], start[4], order[NX];
	double s = 0.0;
	memset(cnt, 0, sizeof cnt);
	memset(order, -1, sizeof order);
	for (int i = 0; i < NX; i++)
		cnt[(int)(4 * fabs(sin(x[i]))) % 4]++;
	memcpy(start, cnt, 4 * sizeof(int));
	for (int b = 1; b < 4; b++)
		start[b] += start[b - 1];
	for (int i = NX - 1; i >= 0; i--) {
		int b = (int)(4 * fabs(sin(x[i]))) % 4;
		start[b]--;
		order[start[b]] = i;
	}
	for (int r = 0; r < NX; r++)
		if (order[r] >= 0)
			s += (r + 1) * x[order[r]] * cos(x[order[r]]);
	return s;
}
// CHECK-LABEL: static double hist_fwd(const double *x){{$}}
// CHECK: ck_push_i(ck_t, order[ck_i
// CHECK-NEXT: order[ck_i{{[0-9]*}}] = -1;
// CHECK: ck_push_i(ck_t, start[ck_i
// CHECK-NEXT: start[ck_i{{[0-9]*}}] = cnt[ck_i

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(klu, lu)
KC_SCALAR_WRAPPERS_PLAIN_AS(krank, rank)
KC_SCALAR_WRAPPERS_PLAIN_AS(kcounts, counts)
KC_SCALAR_WRAPPERS_PLAIN_AS(khist, hist)

int main(void)
{
	double v[NX];
	for (int i = 0; i < NX; i++)
		v[i] = ck_rand();
	for (int i = 0; i < N; i++)
		v[i * N + (i + 1) % N] += 2.0; /* pivoting swaps rows */
	kc_check_scalar("LU with partial pivoting", klu, klu_d, klu_b, klu_b_d,
			NULL, v, NULL, NX, 3);
	kc_check_scalar("argsort, 2-D table", krank, krank_d, krank_b,
			krank_b_d, NULL, v, NULL, NX, 3);
	kc_check_scalar("array declared in a loop", kcounts, kcounts_d,
			kcounts_b, kcounts_b_d, NULL, v, NULL, NX, 3);
	kc_check_scalar("memset and memcpy of tables", khist, khist_d, khist_b,
			khist_b_d, NULL, v, NULL, NX, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
