// The copy of a scalar that a loop reads and never assigns, taped once
// after the loop, is one entry of the values its block tapes once: a
// statement before the loop that taped the same value reads the copy, and
// a statement after it that needs the value takes the push over, the
// copy then reading what that statement pops.  f: t = sqrt(...) (sqrt's
// derivative needs t), read by the loop and by the return: one push of t,
// for the return.  g: t = y[0], taped for s = t * x[1], and the loop then
// overwrites y[0]: t still holds the value taped, so one push still
// serves both.  h: the loop is inside an if, not a statement of t's
// block: t is taped twice.  Derivatives are checked against differences
// and are bitwise those of --no-tbr, which tapes every read.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include <math.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double t = sqrt(x[0] * x[0] + x[1] * x[1] + 0.5);
	double w[4], s = 0;
	for (int i = 0; i < 4; i++)
		w[i] = x[i] / t;
	for (int i = 0; i < 4; i++)
		s += w[i] * w[i];
	return s * t + t * x[2];
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x)
{
	double y[4], t, s;
	for (int i = 0; i < 4; i++)
		y[i] = x[i] * x[i];
	t = y[0];
	s = t * x[1];
	for (int i = 0; i < 4; i++)
		y[i] = sin(y[i]) * t;
	return s + y[0] * y[1] + y[2] * y[3];
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double h(const double *x)
{
	double t = sqrt(x[0] * x[0] + 0.25);
	double w[4] = { 0 }, s = 0;
	if (x[3] > -10) {
		for (int i = 0; i < 4; i++)
			w[i] = x[i] / t;
	}
	for (int i = 0; i < 4; i++)
		s += w[i] * x[i];
	return s;
}

// CHECK-LABEL: static double f_fwd(const double *x){{$}}
// CHECK: [[E:ck_e[0-9]*]] = sqrt(x[0] * x[0] + x[1] * x[1] + 0.5);
// CHECK-NEXT: t = [[E]];
// CHECK-NEXT: s = 0;
// CHECK: w[i] = x[i] / t;
// CHECK-NEXT: }
// CHECK-NEXT: i2 = 0;
// CHECK-NOT: ck_push
// CHECK: [[P0:ck_p[0-9]*]][4] = t;
// CHECK-NEXT: [[P0]][5] = s;
// CHECK-NEXT: return s * t + t * x[2];
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: [[V:ck_v[0-9]*]] = ck_q[0];
// CHECK: t_b = ck_v{{[0-9]*}} * ret_b + ret_b * x[2];
// CHECK: double [[T:t[0-9]+]] = [[V]];
// CHECK: ck_mulz(0.5 / [[V]], t_b);
// CHECK-LABEL: static double g_fwd(const double *x){{$}}
// CHECK: t = y[0];
// CHECK-NEXT: s = t * x[1];
// CHECK-NEXT: i2 = 0;
// CHECK: y[i2] = ck_e{{[0-9]*}} * t;
// CHECK-NEXT: }
// CHECK-NEXT: double *[[P:ck_p[0-9]*]] = ck_reserve_d(ck_t, 5);
// CHECK-NEXT: [[P]][0] = t;
// CHECK-LABEL: static void g_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: double [[T2:t[0-9]+]] = ck_pop_d(ck_t);
// CHECK-NEXT: [[V2:ck_v[0-9]*]] = [[T2]];
// CHECK: x_b[1] += [[V2]] * s_b;
// CHECK-LABEL: static double h_fwd(const double *x){{$}}
// CHECK: [[E3:ck_e[0-9]*]] = sqrt(x[0] * x[0] + 0.25);
// CHECK-NEXT: ck_push_d(ck_t, [[E3]]);
// CHECK: w[i] = x[i] / t;
// CHECK-NEXT: }
// CHECK-NEXT: ck_push_d(ck_t, t);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(kf, f)
KC_SCALAR_WRAPPERS_PLAIN_AS(kg, g)
KC_SCALAR_WRAPPERS_PLAIN_AS(kh, h)

int main(void)
{
	double x[4];
	for (int i = 0; i < 4; i++)
		x[i] = ck_rand() - 0.4;
	kc_check_scalar("f", kf, kf_d, kf_b, kf_b_d, NULL, x, NULL, 4, 3);
	kc_check_scalar("g", kg, kg_d, kg_b, kg_b_d, NULL, x, NULL, 4, 3);
	kc_check_scalar("h", kh, kh_d, kh_b, kh_b_d, NULL, x, NULL, 4, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
