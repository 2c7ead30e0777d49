// An if whose condition steps a counter or assigns a local in an operand
// of its && / || chain after the first, as iterative solvers write their
// exits: if (anorm < tol || ++it > maxit) break; if (x > 0 && (y = e) >
// c).  The operands are tested in turn into a flag, each with its step or
// assignment just ahead of its test, so each runs exactly when C runs it.
// Gradients, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 6

static double relax(double *u, int n)
{
	double anorm = 0.0;
	for (int i = 1; i < n - 1; i++) {
		double r = 0.5 * (u[i - 1] + u[i + 1]) - u[i];
		u[i] += 0.8 * r;
		anorm += fabs(r);
	}
	return anorm;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double u[N], y = 0.0, anorm;
	int it = 0, k = 0;
	for (int i = 0; i < N; i++)
		u[i] = x[i];
	for (;;) {
		anorm = relax(u, N);
		if (anorm < 1e-3 || ++it > 20)
			break;
	}
	if (x[0] > 0.0 && (y = x[0] * x[1]) > 0.1)
		y += 1.0;
	if (!(x[1] < -2.0 || (y = y * x[2]) < 0.0))
		y *= 2.0;
	for (int i = 0; i < N; i++)
		if (u[i] > 0.0 && k++ < 2)
			y += u[i] * x[i] * k;
	return y + u[2] * it;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: int ck_c;
// CHECK-NEXT: ck_c = anorm < 1e-3;
// CHECK-NEXT: if (!ck_c) {
// CHECK-NEXT: it++;
// CHECK-NEXT: ck_c = it > 20;
// CHECK: ck_c2 = x[0] > 0.0;
// CHECK-NEXT: if (ck_c2) {
// CHECK: y = x[0] * x[1];
// CHECK-NEXT: ck_c2 = y > 0.1;
// CHECK: ck_c3 = !ck_c3;
// CHECK: k++;
// CHECK-NEXT: ck_c4 = k - 1 < 2;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, 0.7, 1.1, 0.8, -0.2, 0.9};
	kc_check_scalar("effects in an if's later operands", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
