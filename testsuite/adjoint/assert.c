// The C library's assert(e) in differentiated code, in both of glibc's
// forms (a GNU statement expression, and a ?: under -std=c99): each
// generated function that runs f's statements checks assert(e) as f does,
// also in a checkpoint region's recomputation (it checks the same values
// again).  Its condition may read active data, and math.h's
// classification macros (isfinite, isless) are integers of values.
// Gradients, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc -std=c99 %s -o %t.c99.c
// RUN: FileCheck %s --input-file %t.c99.c
// RUN: %ckc-run --one %t.c99.c %s %t.c99 > %t.c99.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.c99.out
#include <assert.h>
#include <math.h>

#define N 5

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	assert(n > 0 && x != 0);
	for (int i = 0; i < n; i++) {
		s += x[i] * x[i];
		assert(s >= 0.0 && !isless(s, 0.0));
	}
#pragma ck_checkpoint
	{
		assert(isfinite(s));
		s = sin(s) * x[0];
	}
	return s;
}

// CHECK-LABEL: double f_d(const double *x, const double *x_d, int n, double *ret_d){{$}}
// CHECK: assert(n > 0 && x != 0);
// CHECK: assert(s >= 0.0 && !isless(s, 0.0));
// CHECK: assert(isfinite(s));
// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: assert(n > 0 && x != 0);
// CHECK-LABEL: static void f_bwd(
// CHECK: assert(isfinite(

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS(f, N)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("assert", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
