// Calls to functions of the same file: nested in expressions (hoisted into
// temporaries), as g(h(x)), as initializers and as assignments.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>

static double sq(double v)
{
	return v * v;
}

double poly(double v, double c)
{
	return c * v * v * v + sq(v);
}

#pragma ck_tangent wrt(x)
double f(double x)
{
	double a = sq(x);
	double b;
	b = poly(a, 2.0);
	return 3.0 * sq(sin(x)) + poly(sq(x), a) - b;
}
// CHECK-LABEL: double f_d(double x, double x_d, double *ret_d)
// CHECK: double a_d = 0.0;
// CHECK-NEXT: double a = sq_d(x, x_d, &a_d);
// CHECK: b = poly_d(a, a_d, 2.0, &b_d);
// CHECK: double ck_sq = sq_d(sin(x), cos(x) * x_d, &ck_sq_d);
// CHECK: static double sq_d(double v, double v_d, double *ret_d)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t);
}

int main(void)
{
	for (double x = -1.1; x < 1.5; x += 0.45) {
		double d;
		ck_equal_bits("primal", f_d(x, 1.0, &d), f(x));
		ck_close("tangent", d, ck_richardson(at, &x, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
