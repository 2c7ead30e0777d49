// y = g(args reading y), where g's result has no tangent (a constant) but
// its arguments do: the tangent reads y_d in the arguments first, and
// zeroes it after the call (it was zeroed before, so the arguments saw 0:
// found by the fuzzer, gen.py --seed 41 --index 64, as a failed
// dot-product test).  Checked against differences and f_b.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
#include <math.h>

static double h(double *q, double a)
{
	q[0] -= 0.25 * sin(a);
	return 0.46;
}

#pragma ck_tangent wrt(s1)
#pragma ck_adjoint wrt(s1)
#pragma ck_hvp wrt(s1)
double f(double s1)
{
	double w[2] = {0.5, 0.0};
	s1 = h(&w[0], s1 * s1);
	return w[0] + s1;
}
// CHECK-LABEL: double f_d(
// CHECK: s1 = h_d(&w[0], &w_d[0], s1 * s1, 2.0 * (s1_d * s1));
// CHECK-NEXT: s1_d = 0.0;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t);
}

int main(void)
{
	for (double x = -1.3; x < 1.5; x += 0.7) {
		double d, g = 0.0, gb = 0.0, gbd = 0.0;
		ck_equal_bits("primal", f_d(x, 1.0, &d), f(x));
		ck_close("tangent", d, ck_richardson(at, &x, CK_FD_H), 1e-8);
		f_b(x, &g, 1.0);
		ck_close("adjoint", g, d, 1e-14);
		f_b_d(x, 1.0, &gb, &gbd, 1.0, 0.0);
		ck_close("gradient of f_b_d", gb, g, 1e-14);
	}
	return ck_done();
}
#endif
// OUT: 0 failed
