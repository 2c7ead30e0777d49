// An increment or decrement of a floating variable inside an expression,
// s += w++ * x[i] (a weight that grows by one per term), moves out of the
// expression as integer ones do: where C runs it on every evaluation and
// nothing else in the expression reads the variable.  Its derivative
// passes through unchanged (w + 1 moves as w does).  Gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#define N 4

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double s = 0.0, w = x[0];
	for (int i = 0; i < N; i++)
		s += w++ * x[i];
	double q = x[1];
	s += x[2] * --q;
	return s * (w + q);
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: s_d += w_d * x[i] + w * x_d[i];
// CHECK-NEXT: s += w * x[i];
// CHECK-NEXT: w++;
// CHECK: q--;
// CHECK-NEXT: s_d += x_d[2] * q + x[2] * q_d;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8};
	kc_check_scalar("increments of floating variables", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
