// Integers the reverse sweep needs, each found needed only after the one
// it updates (j40 += j41; j39 += j40; ... j1 += j2, then x[j1 % 4]):
// ckc generates the reverse sweep again while the needed set grows, one
// round per link here.  It once stopped after 32 rounds with an internal
// error; the set only grows, so rounds are now bounded by the variables.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	int j1 = n, j2 = n, j3 = n, j4 = n, j5 = n, j6 = n, j7 = n, j8 = n;
	int j9 = n, j10 = n, j11 = n, j12 = n, j13 = n, j14 = n, j15 = n, j16 = n;
	int j17 = n, j18 = n, j19 = n, j20 = n, j21 = n, j22 = n, j23 = n, j24 = n;
	int j25 = n, j26 = n, j27 = n, j28 = n, j29 = n, j30 = n, j31 = n, j32 = n;
	int j33 = n, j34 = n, j35 = n, j36 = n, j37 = n, j38 = n, j39 = n, j40 = n;
	int j41 = n;
	j40 += j41;
	j39 += j40;
	j38 += j39;
	j37 += j38;
	j36 += j37;
	j35 += j36;
	j34 += j35;
	j33 += j34;
	j32 += j33;
	j31 += j32;
	j30 += j31;
	j29 += j30;
	j28 += j29;
	j27 += j28;
	j26 += j27;
	j25 += j26;
	j24 += j25;
	j23 += j24;
	j22 += j23;
	j21 += j22;
	j20 += j21;
	j19 += j20;
	j18 += j19;
	j17 += j18;
	j16 += j17;
	j15 += j16;
	j14 += j15;
	j13 += j14;
	j12 += j13;
	j11 += j12;
	j10 += j11;
	j9 += j10;
	j8 += j9;
	j7 += j8;
	j6 += j7;
	j5 += j6;
	j4 += j5;
	j3 += j4;
	j2 += j3;
	j1 += j2;
	return x[j1 % 4] * x[(j1 + 1) % 4] + x[j40 % 4];
}
// CHECK-LABEL: static void f_bwd(
// CHECK: j2 -= j3;
// CHECK: j40 -= j41;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 4
static double x0[N], v[N];

static double at(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = x0[i] + t * v[i];
	return f(x, 1);
}

int main(void)
{
	double xb[N] = {0}, d, dot = 0;
	for (int i = 0; i < N; i++) {
		x0[i] = ck_rand();
		v[i] = ck_rand();
	}
	ck_equal_bits("primal", f_b(x0, xb, 1, 1.0), f(x0, 1));
	f_d(x0, v, 1, &d);
	for (int i = 0; i < N; i++)
		dot += xb[i] * v[i];
	ck_close("dot product", dot, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
