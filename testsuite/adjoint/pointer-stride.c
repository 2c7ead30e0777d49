// A pointer that steps through its array by a run-time stride, p -= s,
// stays in that array: the stride is an offset, not something p may point
// into.  Here a pointer walks a local array backwards by `stride` while
// it updates the elements in place, and another walks the parameter x.
// Gradients, Hessian-vector products and the dot-product test against
// differences, for strides 1, 2 and 3.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#define N 6

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n, int stride)
{
	double y[3 * N];
	for (int i = 0; i < 3 * N; i++)
		y[i] = x[i % N] + 0.1 * i;
	double *p = y + (n - 1) * stride;
	const double *q = x + stride - 1;
	double s = 0.0;
	for (int i = 0; i < n; i++) {
		*p = *p * x[i] + 0.5 * *p * *q;
		s += *p * *p;
		p -= stride;
		if (i + 1 < n / stride)
			q += stride;
	}
	return s;
}
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, int n, int stride, double ret_b){{$}}
// CHECK: p += stride;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
static int nn = N, ss = 1;
KC_SCALAR_WRAPPERS(f, nn, ss)
int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	for (ss = 1; ss <= 3; ss++)
		kc_check_scalar("strided pointers", kf, kf_d, kf_b, kf_b_d, NULL,
				v, NULL, N, 3);
	return ck_done();
}
#endif
