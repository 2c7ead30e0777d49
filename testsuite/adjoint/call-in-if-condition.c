// A call of a function of the file after the first operand of an if's
// chain of && and ||, as guards are written: if (n > 2 && nrm2(x, n) >
// tol).  C runs it only when the operands before it let it, so ckc tests
// each operand in turn into a flag (ck_c) and the if tests the flag; each
// call moves into a temporary as any other and differentiates, and runs
// exactly when C runs it (a call that would divide by zero is skipped as
// in C); a negated chain, !(a || g(x) > t), negates the flag.  Gradients, Hessian-vector products and the dot-product test
// against differences, on both sides of the guards.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 4

static double nrm2(const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += x[i] * x[i];
	return sqrt(s);
}

/* 1 / x[k]: runs only where x[k] is not 0 */
static double inv(const double *x, int k)
{
	return 1.0 / x[k];
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = x[0] * x[1];
	if (n > 2 && nrm2(x, n) > 1.0)
		s += nrm2(x, n) * x[1];
	else if (n < 0 || nrm2(x, 2) < 0.5 || x[1] > 0)
		s *= 2.0;
	if (x[3] != 0.0 && inv(x, 3) > 1.0)
		s += inv(x, 3) * x[2];
	if (!(n < 3 || nrm2(x, 2) > 5.0)) /* a negated chain */
		s += 0.5 * s * x[0];
	return s * s;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, int n, double *ret_d){{$}}
// CHECK: int ck_c;
// CHECK-NEXT: ck_c = n > 2;
// CHECK-NEXT: if (ck_c) {
// CHECK: nrm2_d(x, x_d, n, &
// CHECK: ck_c = ck_nrm2 > 1.0;
// CHECK: if (ck_c) {
// CHECK: ck_c2 = n < 0;
// CHECK-NEXT: if (!ck_c2) {
// CHECK: ck_c4 = !ck_c4;
// CHECK-NEXT: if (ck_c4) {

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static int n_;
KC_SCALAR_WRAPPERS(f, n_)

int main(void)
{
	double big[N] = {0.9, 0.7, -0.4, 0.6};
	double small[N] = {0.2, -0.1, 0.3, 0.0};
	double mid[N] = {0.3, -0.35, 0.5, 0.8};
	n_ = 4;
	kc_check_scalar("guard by a call, taken", kf, kf_d, kf_b, kf_b_d, NULL,
			big, NULL, N, 3);
	/* x[3] = 0: inv never runs (its direction is masked) */
	double mask[N] = {1, 1, 1, 0};
	kc_check_scalar("guard by a call, not taken", kf, kf_d, kf_b, kf_b_d,
			NULL, small, mask, N, 3);
	n_ = 2;
	kc_check_scalar("the || chain", kf, kf_d, kf_b, kf_b_d, NULL, mid,
			NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
