// Tangent mode: calls to g, which has no definition here, use the user's
// g_d (#pragma ck_derivative after the prototype); an argument without a
// derivative gets a tangent of 0.
//   f(x, y) = g(x, y) g(x y, 2) + g(y, 0.5)  with g(a, b) = a sin(b).
// RUN: %ckc -I%S/Inputs %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S/Inputs %S/Inputs/g.c > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include "g.h"

#pragma ck_derivative g wrt(a, b) tangent(g_d) adjoint(g_b)

#pragma ck_tangent wrt(x, y)
double f(double x, double y)
{
	double s = g(x, y);
	return s * g(x * y, 2.0) + g(y, 0.5);
}
// CHECK: double g_d(double a, double a_d, double b, double b_d, double *ret_d);
// CHECK-LABEL: double f_d(double x, double x_d, double y, double y_d, double *ret_d)
// CHECK: double s = g_d(x, x_d, y, y_d, &s_d);
// CHECK: g_d(x * y, x_d * y + x * y_d, 2.0, 0.0, &
// CHECK: g_d(y, y_d, 0.5, 0.0, &

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double x0 = 0.8, y0_ = -1.3, vx = 0.6, vy = -0.35;

static double at(double t, void *ctx)
{
	(void)ctx;
	return f(x0 + t * vx, y0_ + t * vy);
}

int main(void)
{
	double d;
	ck_equal_bits("primal", f_d(x0, vx, y0_, vy, &d), f(x0, y0_));
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	ck_check("g_d called three times", g_calls == 3);
	return ck_done();
}
#endif
