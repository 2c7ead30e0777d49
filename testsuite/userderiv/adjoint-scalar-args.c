// Adjoint mode: f_fwd calls g itself, f_bwd calls the user's g_b with the
// argument values the call saw, taped where later code overwrites them
// (x = x * x after g(x, y)); the result's adjoint seeds g_b.
//   f(x, y) = t s + g(3y, 2),  s = g(x, y),  t = g(x^2, s) + y.
// Checked against Richardson differences and f_d (dot-product test).
// RUN: %ckc -I%S/Inputs %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S/Inputs %S/Inputs/g.c > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// The same numbers without TBR and without activity analysis:
// RUN: %ckc --no-tbr -I%S/Inputs %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr -I%S/Inputs %S/Inputs/g.c > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-activity -I%S/Inputs %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -I%S/Inputs %S/Inputs/g.c -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include "g.h"

#pragma ck_tangent wrt(x, y)
#pragma ck_adjoint wrt(x, y)
double f(double x, double y)
{
	double s = g(x, y);
	double t;
	x = x * x;
	t = g(x, s) + y;
	y = 3.0 * y;
	return t * s + g(y, 2.0);
}
#pragma ck_derivative g wrt(a, b) tangent(g_d) adjoint(g_b)
// CHECK-LABEL: static double f_fwd(double x, double y){{$}}
// CHECK: double *[[P:ck_p[0-9]*]] = ck_reserve_d(ck_t, 2);
// CHECK-NEXT: [[P]][0] = x;
// CHECK-NEXT: [[P]][1] = y;
// CHECK-NEXT: s = g(x, y);
// CHECK: {{ck_p[0-9]+}}[0] = x;
// CHECK-NEXT: x = x * x;
// CHECK-LABEL: static void f_bwd(double *x_b, double *y_b, double ret_b){{$}}
// CHECK: g_b(ck_v6, &ck_p5, 2.0, (double *)0, ck_a5);
// CHECK: g_b(ck_v4, &ck_p3, ck_v5, &ck_p4, ck_a3);
// CHECK: ck_v2 = [[Q:ck_q[0-9]*]][1];
// CHECK-NEXT: ck_v = [[Q]][0];
// CHECK: g_b(ck_v, &ck_p, ck_v2, &ck_p2, ck_a);
// CHECK-NEXT: x_b2 += ck_p;
// CHECK-NEXT: y_b2 += ck_p2;

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
	double xb = 0, yb = 0, d;
	ck_equal_bits("primal", f_b(x0, &xb, y0_, &yb, 1.0), f(x0, y0_));
	f_d(x0, vx, y0_, vy, &d);
	ck_close("dot product", xb * vx + yb * vy, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	ck_check("one null shadow: g(3y, 2) has no b_b", g_nulls == 1);
	return ck_done();
}
#endif
