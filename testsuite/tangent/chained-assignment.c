// A chain of plain assignments as a statement, a = b = c (zeroing the
// last row of a transform, r[12] = r[13] = r[14] = 0.0), is b = c; a = b:
// every derivative mode sees the assignments one by one, innermost first.
// A conversion on the way (an int or float target) is the C one.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// CHECK-LABEL: double f_d(double x, double x_d, const double *w, double *ret_d)
// CHECK: a_d[2] = y_d * x + y * x_d;
// CHECK-NEXT: a[2] = y * x;
// CHECK-NEXT: a_d[1] = a_d[2];
// CHECK-NEXT: a[1] = a[2];
// CHECK-NEXT: a_d[0] = a_d[1];
// CHECK-NEXT: a[0] = a[1];
// OUT-NOT: FAIL
// OUT: 7 checks, 0 failed

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(double x, const double *w)
{
	double y, z, a[3];
	float g;
	int k;
	y = z = x * x;
	a[0] = a[1] = a[2] = y * x;
	k = g = w[0];
	return y + z * a[0] + a[1] * a[2] + k * g * x;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static const double w[1] = { 2.75 };

static double along(double t, void *ctx)
{
	(void)ctx;
	return f(1.3 + t, w);
}

static double slope(double t, void *ctx)
{
	double b = 0;
	(void)ctx;
	f_b(1.3 + t, &b, w, 1.0);
	return b;
}

int main(void)
{
	double x = 1.3, d, b = 0, bb = 0, bbd = 0, y = f(x, w);
	/* k = 2, g = 2.75: the C conversions */
	double want = x * x + x * x * x * x * x + x * x * x * x * x * x +
		      2 * 2.75 * x;
	ck_close("f", y, want, 1e-15);
	ck_equal_bits("f_d returns f", f_d(x, 1.0, w, &d), y);
	ck_close("f_d vs differences", d, ck_richardson(along, NULL, CK_FD_H),
		 1e-9);
	ck_equal_bits("f_b returns f", f_b(x, &b, w, 1.0), y);
	ck_close("f_b = f_d", b, d, 1e-14);
	f_b_d(x, 1.0, &bb, &bbd, w, 1.0, 0.0);
	ck_close("f_b_d's x_b = f_b's", bb, b, 1e-15);
	ck_close("f_b_d vs differences of f_b", bbd,
		 ck_richardson(slope, NULL, CK_FD_H), 1e-9);
	return ck_done();
}
#endif
