// Loop hints that libclang shows as a statement with attributes:
// #pragma GCC unroll 4, #pragma unroll, #pragma clang loop unroll(full)
// before a loop (also after a ck_checkpoint binomial pragma), and a
// fallthrough attribute in a switch.  ckc stopped at them ("unsupported
// statement"); they are hints to the compiler, and the loop or statement
// under them is what ckc converts.  Gradients, Hessian-vector products
// and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// CHECK-LABEL: double f_d(const double *x, const double *x_d, int n, double *ret_d){{$}}
// OUT-NOT: FAIL
// OUT: checks, 0 failed
#include <math.h>
#define N 4

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = 0, u = x[0];
#pragma GCC unroll 4
	for (int k = 0; k < N; k++)
		s += x[k] * x[k] * 0.5;
#pragma unroll
	for (int k = 0; k < N; k++)
		s += 0.5 * x[k] * x[0];
#pragma ck_checkpoint binomial(2)
#pragma clang loop unroll(full)
	for (int t = 0; t < 3; t++)
		u = u * 0.9 + 0.1 * cos(u * x[1]);
	switch (n) {
	case 1:
		s += x[2];
		__attribute__((fallthrough));
	case 2:
		s += x[3] * u;
		break;
	default:
		break;
	}
	return s + u;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS(f, 1)

int main(void)
{
	volatile double one = 1.0;
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = (0.25 + 0.125 * i) * one;
	kc_check_scalar("loop hints", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N,
			3);
	return ck_done();
}
#endif
