// An assignment at the front of a condition, as C programmers write
// solver loops and guards: while ((r = resid(u, n)) > tol), an assignment
// in a later operand of a loop's && chain, do ... while ((d = step(...))
// > eps), and if ((t = e) > c).  Each v = e that C runs before anything
// else of its operand becomes a statement just before the operand's test
// (a loop's condition becomes tests in a for (;;), as for calls in
// conditions), and the operand reads v.  Gradients, Hessian-vector
// products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 5

static double resid(const double *u, int n)
{
	double s = 0.0;
	for (int i = 1; i < n - 1; i++) {
		double r = u[i - 1] - 2.0 * u[i] + u[i + 1];
		s += r * r;
	}
	return sqrt(s);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double u[N], r, t, d, s = 0.0;
	int it = 0, i = 0;
	for (int k = 0; k < N; k++)
		u[k] = x[k];
	while ((r = resid(u, N)) > 0.05 && it < 40) {
		for (int k = 1; k < N - 1; k++)
			u[k] += 0.2 * (u[k - 1] - 2.0 * u[k] + u[k + 1]);
		it++;
	}
	while (i < N - 1 && (t = u[i] * x[i]) < 0.9) {
		s += t * x[i + 1];
		i++;
	}
	int k = 0;
	do {
		s = 0.5 * s + 0.1 * x[1];
	} while ((d = fabs(s - x[0])) > 0.3 && ++k < 6);
	if (!((t = s * x[2]) > 1.0))
		s += t * t;
	return s + r * u[2] + d;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: for (;;) {
// CHECK: r = resid_d(u, u_d, 5, &r_d);
// CHECK-NEXT: if (!(r > 0.05)) {
// CHECK: t = u[i] * x[i];
// CHECK-NEXT: if (!(t < 0.9)) {
// CHECK: t = s * x[2];
// CHECK-NEXT: if (!(t > 1.0)) {

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8, -0.2};
	kc_check_scalar("assignments in conditions", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
