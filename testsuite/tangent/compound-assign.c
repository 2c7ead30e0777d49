// Compound assignments += -= *= /= on an active variable, each reading the
// old value.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t

#pragma ck_tangent wrt(x)
double f(double x, double c)
{
	double s = x;
	s += x * x;
	s -= c * x;
	s *= x + 1.0;
	s /= x * x + c;
	s *= c;
	s /= 2.0;
	return s;
}
// CHECK-LABEL: double f_d(double x, double x_d, double c, double *ret_d)
// CHECK: s_d += 2.0 * (x_d * x);
// CHECK-NEXT: s += x * x;
// CHECK: s_d -= c * x_d;
// CHECK: s_d = s_d * (x + 1.0) + s * x_d;
// CHECK-NEXT: s *= x + 1.0;
// CHECK: s_d *= c;
// CHECK: s_d /= 2.0;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t, 0.8);
}

int main(void)
{
	for (double x = -1.5; x < 2; x += 0.7) {
		double d;
		ck_equal_bits("primal", f_d(x, 1.0, 0.8, &d), f(x, 0.8));
		ck_close("tangent", d, ck_richardson(at, &x, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
