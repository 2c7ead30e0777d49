// Calls that end the program, exit and abort, change no global that a
// reverse sweep reads: nothing runs after them.  An integer global (W),
// a static one that nothing changes (S), read as indices in a loop that
// may call exit or abort, are read again by the reverse sweep; a store
// into another global (the counter ncalls) changes only that one.
// Gradients, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

#include <stdlib.h>

#define N 5

int W = 2;
static int S = 3;
int ncalls;

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	ncalls++;
	for (int i = 0; i < n; i++) {
		if (n < 0)
			exit(1);
		if (n > 100)
			abort();
		s += x[i] * x[(i + W) % n] * x[(i + S) % n];
	}
	return s;
}
// CHECK-LABEL: static void f_bwd(
// CHECK: x_b[(i + W) % n] += x[i] * ck_a;
// CHECK: x_b[(i + S) % n] += x[i] * x[(i + W) % n] * s_b;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS(f, N)

int main(void)
{
	volatile double one = 1.0;
	double v[N] = {0.3 * one, -0.7 * one, 0.6 * one, 1.1 * one,
		       -0.4 * one};
	kc_check_scalar("globals read after exit and abort", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
