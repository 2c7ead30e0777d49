// A binomial loop whose integer both goes to a call by address and
// receives its result, k = step(x, &k, &acc), and is changed by a helper
// that stores a call's result through its int * parameter, *k = next(x,
// *k, acc), or through a local pointer, *pj = next(x, *pj, &acc): the
// call's reverse starts from the integer the call saw or left (f_fwd
// tapes it between the call and the store), in the recording sweeps of
// the schedule as without it.  f_b and f_b_d are bit for bit those of ckc
// --no-checkpoint (outputs compared with cmp); gradients, Hessian-vector
// products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#define N 8

static int step(const double *x, int *k, double *acc)
{
	*acc += x[*k] * x[(*k + 3) % N];
	(*k)++;
	return (*k * 3) % N;
}

static int next(const double *x, int k, double *acc)
{
	*acc = *acc * (0.5 + 0.25 * x[k]) + 0.1 * x[(k + 1) % N] * x[k];
	return (k + 5) % N;
}

static void two(const double *x, int *k, double *acc)
{
	*k = next(x, *k, acc);
	*k = next(x, *k, acc);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	int k = 1, j = 2;
	int *pj = &j;
	double acc = 0.5;
#pragma ck_checkpoint binomial(2)
	for (int t = 0; t < 5; t++) {
		k = step(x, &k, &acc);
		two(x, &k, &acc);
		*pj = next(x, *pj, &acc);
		acc *= 0.9;
	}
	return acc * acc + k + j;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	volatile double one = 1.0;
	double v[N] = { 0.3 * one,  0.47 * one, 0.64 * one, 0.81 * one,
			0.98 * one, 1.15 * one, 1.32 * one, 1.49 * one };
	kc_check_scalar("binomial loop of integer cells that receive calls",
			kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
