// An integer that a call of the file changes through a pointer, or reads
// through one, and that also receives a call's result: k = step(x, &k,
// &acc), *k = next(x, *k, acc) through an int * parameter, the same
// through a local pointer (int *pk = &k; *pk = next(x, *pk, &acc)), and
// *k = step(x, k, acc).  The call's reverse must start from the integers
// the call saw or left, so f_fwd splits the store: the result into a
// temporary, the tape of the value the call left, then the store; f_bwd
// puts that value back before the call's reverse, which undoes the call's
// own changes.  f_bwd used to run the call's reverse with the value after
// the store (step_bwd indexed x with the new k): a wrong gradient and
// Hessian-vector product.  Tangent, gradient, Hessian-vector products and
// the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 6

static int step(const double *x, int *k, double *acc)
{
	*acc = *acc * x[*k] + 0.1 * x[(*k + 3) % N];
	*k = (*k + 1) % N;
	return (*k * 5 + 1) % N;
}

static int next(const double *x, int k, double *acc)
{
	*acc = *acc * x[k] + 0.2;
	return (k + 2) % N;
}

static void two(const double *x, int *k, double *acc)
{
	*k = next(x, *k, acc);
	*k = next(x, *k, acc);
}

static void via(const double *x, int *k, double *acc)
{
	*k = step(x, k, acc);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	int k = 0, j = 1;
	int *pj = &j;
	double acc = 1.0;
	k = step(x, &k, &acc);
	k = step(x, &k, &acc);
	two(x, &k, &acc);
	for (int t = 0; t < 2; t++) {
		k = step(x, &k, &acc);
		two(x, &k, &acc);
	}
	via(x, &k, &acc);
	*pj = next(x, *pj, &acc);
	*pj = next(x, *pj, &acc);
	return acc * acc + j;
}
// CHECK-LABEL: static double f_fwd(const double *x){{$}}
// CHECK: [[S:ck_s[0-9]*]] = step_fwd(x, &k, &acc);
// CHECK-NEXT: ck_push_i(ck_t, k);
// CHECK-NEXT: k = [[S]];
// CHECK: [[T:ck_s[0-9]*]] = next_fwd(x, *pj, &acc);
// CHECK-NEXT: ck_push_i(ck_t, j);
// CHECK-NEXT: *pj = [[T]];
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: acc_b = 2.0 * (ret_b * ck_v);
// CHECK: j = ck_pop_i(ck_t);
// CHECK-NEXT: {
// CHECK-NEXT: next_bwd(x, x_b, j, &acc_b);
// CHECK: for (ck_n = 2;
// CHECK: two_bwd(x, x_b, &k, &acc_b);
// CHECK: k = ck_pop_i(ck_t);
// CHECK: k = ck_pop_i(ck_t);
// CHECK-NEXT: {
// CHECK-NEXT: step_bwd(x, x_b, &k, &acc_b);
// CHECK-LABEL: static void two_bwd(
// CHECK: *k = ck_pop_i(ck_t);
// CHECK-NEXT: {
// CHECK-NEXT: next_bwd(x, x_b, *k, acc_b);
// CHECK-LABEL: static void via_bwd(
// CHECK: *k = ck_pop_i(ck_t);
// CHECK-NEXT: {
// CHECK-NEXT: step_bwd(x, x_b, k, acc_b);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	volatile double one = 1.0;
	double v[N] = { 0.9 * one, 1.3 * one, -0.7 * one,
			1.1 * one, 0.6 * one, 1.4 * one };
	kc_check_scalar("integer cells that receive calls", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
