// Local fixed-size arrays, one- and two-dimensional, with initializers.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t

#pragma ck_tangent wrt(x)
double f(double x, double y)
{
	double a[4] = {x, 2.0, x * y, y};
	double m[2][3];
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 3; j++)
			m[i][j] = a[i + j] * (i + 1) - a[j] / (j + 1);
	double s = 0.0;
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 3; j++)
			s += m[i][j] * m[i][j];
	return s;
}
// CHECK-LABEL: double f_d(double x, double x_d, double y, double *ret_d)
// CHECK: double a_d[4] = {x_d, 0.0, x_d * y, 0.0};
// CHECK: double m_d[2][3] = {{.}}{0.0}};
// CHECK: m_d[i][j] =

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t, 0.7);
}

int main(void)
{
	for (double x = -1.0; x < 1.5; x += 0.6) {
		double d;
		ck_equal_bits("primal", f_d(x, 1.0, 0.7, &d), f(x, 0.7));
		ck_close("tangent", d, ck_richardson(at, &x, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
