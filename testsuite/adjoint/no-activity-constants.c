// --no-activity (a derivative for every floating local) on constants the
// derivatives never need: vector mode declared the shadow of a static
// const table const and then cleared it with memset (a const object
// written: gcc's -Wdiscarded-qualifiers), and the reverse sweep released
// a block of taped values that only the adjoint of a constant read, into
// a pointer nothing read (-Wunused-variable).  The shadow is not const and
// such a pointer is voided.  Bitwise the same derivatives as without
// --no-activity; the gradient against differences, f_dv against f_d.
// RUN: %ckc %s -o %t.c
// RUN: %ckc --no-activity %s -o %t.na.c
// RUN: FileCheck %s --input-file %t.na.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc-run --one %t.na.c %s %t.na > %t.na.out
// RUN: cmp %t.out %t.na.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

#define N 4

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
double g(const double *x)
{
	static const double q[3] = { -0.8, 0.4, 0.4 };
	double e = 0.0;
	for (int i = 0; i < 3; i++)
		e += q[i] * x[i] * x[i];
	return e;
}
// CHECK-LABEL: double g_dv(
// CHECK: {{^}}	double q_dv[3 * ck_nd];
// CHECK: memset(q_dv, 0, sizeof(q_dv));

static void forces(const double *q, double *f)
{
	double r2 = q[0] * q[0] + q[1] * q[1];
	f[0] = -q[0] * (1.0 + 0.1 * r2);
	f[1] = -q[1] * (1.0 + 0.1 * r2);
}

#pragma ck_adjoint wrt(x)
double kern(const double *x)
{
	double q[2] = { x[0], x[1] }, v[2] = { x[2], x[3] }, f[2];
	const double dt = 0.05;
	int nsteps = 40;
	forces(q, f);
	for (int s = 0; s < nsteps; s++) {
		v[0] += 0.5 * dt * f[0];
		v[1] += 0.5 * dt * f[1];
	}
	return 0.5 * (v[0] * v[0] + v[1] * v[1]) + q[0] * q[1];
}
// CHECK-LABEL: static void kern_bwd(
// CHECK: const double *[[Q:ck_q[0-9]*]] = ck_release_d(ck_t, 2,
// CHECK-NEXT: (void)[[Q]];

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double kern1(double t, void *ctx)
{
	const double *x = ctx;
	double y[N] = { x[0] + t, x[1] - 0.5 * t, x[2] + 0.25 * t, x[3] - t };
	return kern(y);
}

int main(void)
{
	volatile double one = 1.0;
	double x[N] = { 0.3 * one, -0.7 * one, 0.9 * one, 0.2 * one };
	double d[N] = { 1.0, -0.5, 0.25, -1.0 }, gb[N] = { 0 };
	double y = kern_b(x, gb, 1.0);
	ck_equal_bits("kern_b returns kern", y, kern(x));
	double dot = 0.0;
	for (int i = 0; i < N; i++)
		dot += gb[i] * d[i];
	ck_close("kern_b against differences", dot,
		 ck_richardson(kern1, x, CK_FD_H), 1e-8);
	for (int i = 0; i < N; i++)
		printf("grad %d %.17g\n", i, gb[i]);
	double dv[3 * 2] = { 1.0, 0.5, -0.25, 0.0, 0.75, -1.0 }, rdv[2];
	ck_equal_bits("g_dv returns g", g_dv(x, dv, 2, rdv), g(x));
	for (int k = 0; k < 2; k++) {
		double dd[3], rd;
		for (int i = 0; i < 3; i++)
			dd[i] = dv[i * 2 + k];
		g_d(x, dd, &rd);
		ck_equal_bits("g_dv's direction is g_d", rdv[k], rd);
		printf("tangent %d %.17g\n", k, rd);
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
