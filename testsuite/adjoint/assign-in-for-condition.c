// Assignments in a for loop's condition, as in a while's: when C runs
// them on every test (for (it = 0; fabs(dx = g(x)) > tol && it < 50;
// it++)), they run after the init and after each increment; in a later
// operand of the condition's && chain (for (i = 0; i < n && (t = s +
// g(x[i])) < 2.0; i++)), the loop becomes for (i = 0;; i++) with one test
// per operand, each operand's assignment just before its test, so a
// continue still reaches the increment.  Gradients, Hessian-vector
// products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 5

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double z = 1.0, dx, s = 0.0, t = 0.0;
	int it, i;
	for (it = 0; fabs(dx = 0.5 * (z - (2.0 + sin(x[0])) / z)) > 1e-14 &&
		     it < 50;
	     it++)
		z -= dx;
	for (i = 0; i < N && (t = s + sin(x[i])) < 2.0; i++) {
		if (x[i] < 0.0)
			continue;
		s = t * 1.1;
	}
	return z / x[1] + s + t;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: for (it = 0, {{.*}}dx = 0.5 * (z - (2.0 + sin(x[0])) / z); fabs(dx) > 1e-14 && it < 50; it++, {{.*}}dx = 0.5 * (z - (2.0 + sin(x[0])) / z)) {
// CHECK: for (i = 0;; i++) {
// CHECK-NEXT: if (!(i < 5)) {
// CHECK: t = s + sin(x[i]);
// CHECK-NEXT: if (!(t < 2.0)) {

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 0.6, 0.8, -0.2};
	kc_check_scalar("assignments in for conditions", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
