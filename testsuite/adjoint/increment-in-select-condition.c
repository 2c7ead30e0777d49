// An increment in the condition of ?:, which C runs on every evaluation
// (a dropout mask walked by its own counter, s += m[k++] ? x[i] : 0.0;
// --j in a condition of its own, k++ in the condition of a ?: that is
// itself a condition): it moves out of the expression as it does
// elsewhere, where ckc refused it with a message saying it moves one out
// "where C runs it on every evaluation".  One in an arm of ?: stays
// refused (diagnostics/increment-in-expression.c).  The counters' values
// after the loops are part of the results, so f_d's and f_b's values
// (bitwise f's) check them; gradients, Hessian-vector products and the
// dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 6

static const int mask[2 * N] = {1, 0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0};

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	int k = 0, j = 2 * N;
	for (int i = 0; i < n; i++) {
		s += mask[k++] ? x[i] * x[i] : 0.5 * x[i];
		s += (mask[--j] ? 1.5 : -0.5) * sin(x[i]);
		s += ((mask[k++] ? i > 2 : 0) ? x[i] : 0.25) * x[(i + 1) % n];
	}
	return s + 0.125 * (double)(k + j);
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS(f, N)

int main(void)
{
	volatile double one = 1.0;
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = (0.25 + 0.125 * i) * one;
	kc_check_scalar("increment in a ?: condition", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	printf("f = %a\n", f(v, N));
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
