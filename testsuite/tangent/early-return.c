// Early returns from inside loops and branches each set *ret_d.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t

#pragma ck_tangent wrt(x)
double f(double x, int n)
{
	double y = x;
	if (x < 0)
		return -x * x;
	for (int i = 0; i < n; i++) {
		y = y * 1.5 + 0.1;
		if (y > 10.0)
			return y * x;
	}
	return y;
}
// CHECK-LABEL: double f_d(double x, double x_d, int n, double *ret_d)
// CHECK: *ret_d = -x_d * x + -x * x_d;
// CHECK-NEXT: return -x * x;
// CHECK: *ret_d = y_d * x + y * x_d;
// CHECK-NEXT: return y * x;
// CHECK: *ret_d = y_d;
// CHECK-NEXT: return y;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static int n;
static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t, n);
}

int main(void)
{
	static const double xs[] = {-0.7, 0.4, 2.9};
	for (n = 1; n < 9; n += 3)
		for (int i = 0; i < 3; i++) {
			double x = xs[i], d;
			ck_equal_bits("primal", f_d(x, 1.0, n, &d), f(x, n));
			ck_close("tangent", d, ck_richardson(at, &x, CK_FD_H),
				 1e-8);
		}
	return ck_done();
}
#endif
