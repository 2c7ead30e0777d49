// if / else if / else on data: the tangent follows the branch taken.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t

#pragma ck_tangent wrt(x)
double f(double x, int mode)
{
	double y;
	if (x > 1.0) {
		y = x * x;
	} else if (x < -1.0)
		y = -x * 3.0;
	else {
		y = x * x * x;
		if (mode)
			y = y + x;
	}
	return y;
}
// CHECK-LABEL: double f_d(double x, double x_d, int mode, double *ret_d)
// CHECK: if (x > 1.0) {
// CHECK: y_d = 2.0 * (x_d * x);
// CHECK: } else if (x < -1.0) {
// CHECK: } else {

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static int mode;
static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t, mode);
}

int main(void)
{
	static const double xs[] = {1.7, -2.2, 0.4, -0.6};
	for (mode = 0; mode < 2; mode++)
		for (int i = 0; i < 4; i++) {
			double x = xs[i], d;
			ck_equal_bits("primal", f_d(x, 1.0, mode, &d), f(x, mode));
			ck_close("tangent", d, ck_richardson(at, &x, CK_FD_H),
				 1e-8);
		}
	return ck_done();
}
#endif
