// A math call in an arm of ?: (or right of && or ||) on data that the
// condition guards (logw ? exp(logw[i] * x[i]) : 1.0 with logw null,
// i < n ? exp(x[i]) : 0.0 with i up to n): the tangent computed the call
// once into a temporary before the statement, where it read memory C
// never reads there (a crash, or gcc's -Warray-bounds at -O2); so did the
// adjoint's forward sweep for a chain (i + 1 < n && sin(x[i + 1]) > 0.0)
// times an active value, whose value it tapes.  Such a
// call now stays in its arm; one that reads no memory (exp(u) under
// u > 0 ? ... : ...) still becomes a temporary.  Derivatives against
// differences, with the null pointer too, under the sanitizers.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>
#include <stdlib.h>

#define N 3

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double wnll(const double *x, const double *logw, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++) {
		s += (logw ? exp(logw[i] * x[i]) : 1.0) * x[i] * x[i];
		/* the adjoint tapes the chain's value, not sin's */
		s += (i + 1 < n && sin(x[i + 1]) > 0.0) * x[i];
		s += (logw != NULL && sin(logw[i] * x[i]) > 0.0) * x[i];
	}
	/* i reaches n: x[n] is read only below n */
	for (int i = 0; i <= n; i++)
		s += (i < n ? exp(x[i]) * x[i] : 0.0) + (i > 0 && sin(x[i - 1]) > 0.5);
	return s;
}
// CHECK-LABEL: double wnll_d(const double *x, const double *x_d, const double *logw, int n, double *ret_d){{$}}
// CHECK-NOT: ck_e
// CHECK: ? exp(logw[i] * x[i])
// CHECK-LABEL: double wnll_b(

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static const double lw[N] = {0.1, -0.2, 0.3};
static const double *wts;
KC_SCALAR_WRAPPERS(wnll, wts, N)

int main(void)
{
	/* on the heap, so that a read past the end is a sanitizer error */
	double *v = malloc(N * sizeof *v);
	v[0] = 0.5;
	v[1] = -0.25;
	v[2] = 0.75;
	wts = NULL;
	kc_check_scalar("no weights", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N,
			3);
	wts = lw;
	kc_check_scalar("weights", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 3);
	free(v);
	return ck_done();
}
#endif
