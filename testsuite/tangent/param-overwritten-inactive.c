// A by-value input that the function shifts (s = s + 1.5, whose tangent
// s_d = s_d is dropped as a self-assignment) and then overwrites with an
// inactive value inside a checkpoint region, read afterwards only by a
// ck_inactive call: s_d is stored (s_d = 0.0) and never read, so f_d
// marks it used with (void)s_d, or gcc's -Wunused-but-set-parameter would
// stop a -Werror build (found by the fuzzer, seed 7700, kernel 61).  The
// tangent along s is 0, along x the product's; against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
double noise(double v);
#pragma ck_inactive noise

#pragma ck_tangent wrt(s, x)
double f(double s, const double *x, const double *c)
{
	s = s + 1.5;
	double y = x[0] * x[1];
#pragma ck_checkpoint
	{
		s = c[0];
	}
	y += noise(s);
	return y;
}

double noise(double v)
{
	return v * 0.5;
}
// CHECK-LABEL: double f_d(double s, double s_d, const double *x, const double *x_d, const double *c, double *ret_d){{$}}
// CHECK-NEXT: {
// CHECK-NEXT: (void)s_d;
// CHECK: s_d = 0.0;
// CHECK-NOT: s_d
// CHECK: return y;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static const double c0[2] = { 0.25, -1.0 };

static double at_s(double t, void *ctx)
{
	const double *x = ctx;
	return f(0.5 + t, x, c0);
}

static double at_x0(double t, void *ctx)
{
	const double *x = ctx;
	double y[2] = { x[0] + t, x[1] };
	return f(0.5, y, c0);
}

int main(void)
{
	double x[2] = { 0.75, -1.25 }, xd[2] = { 1.0, 0.0 }, z[2] = { 0, 0 };
	double d;
	ck_equal_bits("primal", f_d(0.5, 0.0, x, xd, c0, &d), f(0.5, x, c0));
	ck_close("tangent along x[0]", d, ck_richardson(at_x0, x, CK_FD_H),
		 1e-8);
	f_d(0.5, 1.0, x, z, c0, &d);
	ck_close("tangent along s", d, ck_richardson(at_s, x, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
