// An assignment inside an expression where C always runs it, as numerical
// C writes it: u[1] = r[1] / (bet = b[1]) (a tridiagonal solver),
// y2 = 2.0 * (y = ...) (Chebyshev), return (s = e), an assignment in a
// call's argument (fabs(dx = ...)) in a loop's condition, in a ?:'s
// condition whose arms read it, in a declaration's initializer, and inside
// an assignment chain (w = v = (t = e) + 1).
// Nothing else in the statement may read the variable before the store
// (C leaves that undefined), so v = e becomes a statement ahead of the
// statement and the expression reads v.  Gradients, Hessian-vector
// products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 6

static double tri(const double *x)
{
	double bet, gam[N], u[N], s;
	u[0] = x[0] / (bet = 2.0 + x[1] * x[1]);
	for (int j = 1; j < N; j++) {
		gam[j] = 0.5 / bet;
		u[j] = (x[j] - 0.3 * u[j - 1]) / (bet = 2.5 + x[j] - 0.3 * gam[j]);
	}
	for (int j = N - 2; j >= 0; j--)
		u[j] -= gam[j + 1] * u[j + 1];
	s = 0.0;
	for (int j = 0; j < N; j++)
		s += u[j] * (j + 1);
	return (s = s * s);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double y, y2, t, dx, z = 1.0 + x[0] * x[0], s = tri(x);
	int it = 0;
	y2 = 2.0 * (y = 0.5 * (x[2] + x[3]));
	s += y2 * y;
	while (fabs(dx = (z * z - 2.0 - x[4] * x[4]) / (2.0 * z)) > 1e-14 &&
	       it++ < 50)
		z -= dx;
	s += z * x[1];
	s += ((t = x[5] * x[5]) > 0.25 ? t : 0.25 * t) * x[0];
	double q = x[1] * (t = sin(x[3])), w = t * q;
	s *= (t = 1.0 + w * w);
	double w2, v2;
	w2 = v2 = (t = x[0] * 2.0) + 1.0;
	s += w2 * v2 * t;
	return s + q * t;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: y = 0.5 * (x[2] + x[3]);
// CHECK: y2 = 2.0 * y;
// CHECK: dx = (z * z - 2.0 - x[4] * x[4]) / (2.0 * z);
// CHECK-NEXT: if (!(fabs(dx) > 1e-14)) {
// CHECK: t = x[5] * x[5];
// CHECK: s += (t > 0.25 ? t : 0.25 * t) * x[0];
// CHECK: t = sin(x[3]);
// CHECK: q = x[1] * t;
// CHECK: t = 1.0 + w * w;
// CHECK: s *= t;
// CHECK-LABEL: static double tri_d(
// CHECK: bet = 2.0 + x[1] * x[1];
// CHECK: u[0] = x[0] / bet;
// CHECK: s = s * s;
// CHECK: return s;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8, -0.2, 0.9};
	kc_check_scalar("assignments inside expressions", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
