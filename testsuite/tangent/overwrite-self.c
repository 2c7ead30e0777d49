// A variable overwritten by an expression of itself: the tangent statement
// comes first and reads the old value.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>

#pragma ck_tangent wrt(x)
double f(double x)
{
	x = x * x;
	x = sin(x) + x;
	x = x / (1.0 + x * x);
	return x;
}
// CHECK-LABEL: double f_d(double x, double x_d, double *ret_d)
// CHECK: x_d = 2.0 * (x_d * x);
// CHECK-NEXT: x = x * x;
// CHECK: x_d = cos(x) * x_d + x_d;
// CHECK-NEXT: x = sin(x) + x;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t);
}

int main(void)
{
	for (double x = -1.2; x < 1.5; x += 0.5) {
		double d;
		ck_equal_bits("primal", f_d(x, 1.0, &d), f(x));
		ck_close("tangent", d, ck_richardson(at, &x, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
