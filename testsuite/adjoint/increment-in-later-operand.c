// x++ in a later operand of a while or do-while condition's && chain, as
// in convergence loops: while (err > tol && ++it < maxit) S steps it only
// when err > tol holds.  The loop becomes for (;;) { if (!(err > tol))
// break; ++it; if (!(it < maxit)) break; S }: each operand is a test that
// leaves the loop, its steps ahead of it, a post-increment read as the
// value it had (it - 1).  A do-while runs its body first (in its own
// braces, as the tests may read what a declaration in it shadows); with
// a continue in the body, a first-pass flag skips the tests once.  Newton
// on a scalar, Jacobi sweeps to a tolerance, a damped fixed point with a
// continue; the counters' final values enter the results, so f_d's and
// f_b's values (bitwise f's) check them too; gradients, Hessian-vector
// products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 4

/* Jacobi on a diagonally dominant system A y = b (A from x), until the
 * update is small or 6 sweeps (the count ends it, so that differences
 * see the same sweeps; it is 7 after); sum of y weighted by it. */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double jacobi(const double *x)
{
	double y[N] = { 0 }, z[N];
	double err = 1.0;
	int it = 0;
	while (err > 1e-12 && it++ < 6) {
		err = 0.0;
		for (int i = 0; i < N; i++) {
			double r = x[i];
			for (int j = 0; j < N; j++)
				if (j != i)
					r -= 0.1 * x[(i + j) % N] * y[j];
			z[i] = r / (4.0 + x[i] * x[i]);
			err += fabs(z[i] - y[i]);
		}
		for (int i = 0; i < N; i++)
			y[i] = z[i];
	}
	double s = 0.0;
	for (int i = 0; i < N; i++)
		s += y[i] * y[i];
	return s * (1.0 + 0.01 * it);
}
// CHECK-LABEL: double jacobi_d(const double *x, const double *x_d, double *ret_d)
// CHECK: for (;;) {
// CHECK-NEXT: if (!(err > 1e-12)) {
// CHECK-NEXT: break;
// CHECK-NEXT: }
// CHECK-NEXT: it++;
// CHECK-NEXT: if (!(it - 1 < 6)) {
// CHECK-NEXT: break;
// CHECK-NEXT: }

/* Newton for the root of t^3 + a t - b in a do-while: the test after the
 * body reads the step and the count (4 steps end it). */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double newton(const double *x)
{
	double a = 2.0 + x[0] * x[0], b = x[1], t = 0.5, dt;
	int it = 0;
	do {
		dt = (t * t * t + a * t - b) / (3.0 * t * t + a);
		t -= dt;
	} while (fabs(dt) > 1e-14 && ++it < 4);
	return t * x[2] + 0.001 * it;
}
// CHECK-LABEL: double newton_d(const double *x, const double *x_d, double *ret_d)
// CHECK: for (;;) {
// CHECK: t -= dt;
// CHECK-NEXT: }
// CHECK-NEXT: if (!(fabs(dt) > 1e-14)) {
// CHECK-NEXT: break;
// CHECK-NEXT: }
// CHECK-NEXT: it++;
// CHECK-NEXT: if (!(it < 4)) {

/* A damped fixed point u = cos(c u) with a continue that skips the
 * damping on even passes: the flag makes the continue reach the tests.
 * The first operand ends it, at the table's zero (k is 5, not 6). */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double damped(const double *x)
{
	static const double w[8] = { 1, 1, 1, 1, 1, 0, 1, 1 };
	double u = x[3], c = 0.5 + 0.1 * x[2], d;
	int k = 0;
	do {
		double v = cos(c * u);
		d = v - u;
		if (k % 2 == 0) {
			u = v;
			continue;
		}
		u += 0.5 * d;
	} while (w[k] > 0.0 && k++ < 7);
	return u * u + 0.001 * k;
}
// CHECK-LABEL: double damped_d(const double *x, const double *x_d, double *ret_d)
// CHECK: for (int ck_first = 1;; ck_first = 0) {
// CHECK-NEXT: if (!ck_first) {

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(kjacobi, jacobi)
KC_SCALAR_WRAPPERS_PLAIN_AS(knewton, newton)
KC_SCALAR_WRAPPERS_PLAIN_AS(kdamped, damped)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("while (err > tol && it++ < max)", kjacobi, kjacobi_d,
			kjacobi_b, kjacobi_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("do ... while (fabs(dt) > tol && ++it < max)",
			knewton, knewton_d, knewton_b, knewton_b_d, NULL, v,
			NULL, N, 3);
	kc_check_scalar("do-while with a continue", kdamped, kdamped_d,
			kdamped_b, kdamped_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
