// A floating scalar that a loop reads and never assigns holds one value in
// every iteration, so f_fwd tapes it once, after the loop, and f_bwd pops
// it before the reversed loop, not once per iteration and statement: t in
// w[i] = x[i] / t and in the loop over n.  One push serves all the
// statements of the block that need t: sqrt's reverse (t is sqrt's
// result) and both loops, whose copies read the value the last one pops.
// A scalar the loop assigns (u) is still taped in every iteration, and so
// is one whose address is taken (v: *pv may change it).  Derivatives are
// checked against differences and are bitwise those of --no-tbr, which
// tapes every read.
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
double f(const double *x, int n)
{
	double t = sqrt(x[0] * x[0] + x[1] * x[1] + 0.5);
	double u = x[2], v = x[3], s = 0;
	double *pv = &v;
	double w[4];
	for (int i = 0; i < 4; i++)
		w[i] = x[i] / t;
	for (int i = 0; i < n; i++) {
		s += w[i % 4] * u * t;
		u = sin(u) * t;
		s += x[i % 4] * v;
	}
	*pv = s;
	return s * v;
}

// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: [[E:ck_e[0-9]*]] = sqrt(x[0] * x[0] + x[1] * x[1] + 0.5);
// CHECK-NEXT: t = [[E]];
// CHECK: for (; i < 4; i++) {
// CHECK-NEXT: w[i] = x[i] / t;
// CHECK-NEXT: }
// CHECK-NEXT: i2 = 0;
// CHECK-NEXT: for (; i2 < n; i2++) {
// CHECK-NEXT: double *[[P:ck_p[0-9]*]] = ck_reserve_d(ck_t, 5);
// CHECK-NEXT: {
// CHECK-NEXT: [[P]][0] = u;
// CHECK-NEXT: [[P]][1] = w[i2 % 4];
// CHECK-NOT: = t;
// CHECK: [[P]][4] = v;
// CHECK-NEXT: s += x[i2 % 4] * v;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: double *[[P2:ck_p[0-9]*]] = ck_reserve_d(ck_t, 3);
// CHECK-NEXT: [[P2]][0] = t;
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// CHECK: double [[T3:t[0-9]+]] = ck_pop_d(ck_t);
// CHECK-NEXT: [[V:ck_v[0-9]*]] = [[T3]];
// CHECK-NEXT: for (ck_n2 = n > 0 ? (long)n : 0; ck_n2 > 0; ck_n2--) {
// CHECK: = s_b * [[T3]];
// CHECK: double [[T2:t[0-9]+]] = [[V]];
// CHECK-NEXT: for (ck_n = 4; ck_n > 0; ck_n--) {
// CHECK: = 1.0 / [[T2]];
// CHECK: ck_mulz(0.5 / [[V]], t_b);
// CHECK-NOT: ck_pop_d
// CHECK-LABEL: static double f_fwd_d(const double *x, const double *x_d, int n){{$}}
// CHECK: t = ck_e;
// CHECK-NOT: ck_p
// CHECK: w[i] = x[i] / t;
// CHECK-NEXT: }
// CHECK-NEXT: i2 = 0;
// CHECK: double *[[P3:ck_p[0-9]*]] = ck_reserve_d(ck_t, 6);
// CHECK-NEXT: [[P3]][0] = t;
// CHECK-NEXT: [[P3]][1] = t_d;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static int nn;
KC_SCALAR_WRAPPERS(f, nn)

int main(void)
{
	double x[4];
	for (int i = 0; i < 4; i++)
		x[i] = ck_rand() - 0.4;
	for (nn = 0; nn <= 7; nn += 7)
		kc_check_scalar("scalar taped once", kf, kf_d, kf_b, kf_b_d,
				NULL, x, NULL, 4, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
