// An increment of an array element inside a statement, as neighbour
// lists are built: nb[i][nnb[i]++] = j (also of a floating element, and
// in a loop's condition).  The step moves after
// the statement (nb[i][nnb[i]] = j; nnb[i]++;) when the array is named
// nowhere else in it and its index reads no variable the statement
// steps, so a[i] is the same element after it.  The table then works as
// any integer table the function fills.  Gradients, Hessian-vector
// products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 6
#define M 8

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double pairs(const double *x)
{
	int nb[N][M], nnb[N];
	double s = 0.0;
	for (int i = 0; i < N; i++)
		nnb[i] = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			if (i != j && fabs(x[i] - x[j]) < 1.0)
				nb[i][nnb[i]++] = j;
	for (int i = 0; i < N; i++)
		for (int k = 0; k < nnb[i]; k++) {
			double d = x[i] - x[nb[i][k]];
			s += 1.0 / (1.0 + d * d) + 0.1 * d * d * d;
		}
	return s;
}
// CHECK-LABEL: double pairs_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: nb[i][nnb[i]] = j;
// CHECK-NEXT: nnb[i]++;

/* a floating element (its step moves as an integer's), and an element
 * stepped in a loop's condition (before each test, with the index the
 * body leaves) */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double counts(const double *x)
{
	double acc[4] = {0.0, 0.0, 0.0, 0.0};
	int cnt[4] = {0, 0, 0, 0};
	double s = 0.0;
	for (int i = 0; i < N; i++) {
		s += x[i] * acc[i % 4]++;
		acc[i % 4] += x[i] * x[(i + 1) % N];
		cnt[i % 4]++;
	}
	int k = 0;
	while (cnt[k]++ < 2 && k < 3)
		k++;
	return s + acc[0] * acc[1] + cnt[k] * acc[k];
}
// CHECK-LABEL: double counts_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: s += x[i] * acc[i % 4];
// CHECK-NEXT: acc[i % 4]++;
// CHECK: for (cnt[k]++; cnt[k] - 1 < 2 && k < 3; cnt[k]++) {

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(kp, pairs)
KC_SCALAR_WRAPPERS_PLAIN_AS(kc, counts)

int main(void)
{
	/* no pair at distance near 1, where the neighbour lists change */
	double v[N] = {0.31, -0.52, 1.13, 0.84, 0.22, -0.95};
	kc_check_scalar("neighbour lists by nb[i][nnb[i]++]", kp, kp_d, kp_b,
			kp_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("acc[i]++ and cnt[k]++ in a condition", kc, kc_d,
			kc_b, kc_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
