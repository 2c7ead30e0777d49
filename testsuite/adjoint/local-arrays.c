// Local fixed-size arrays, one- and two-dimensional, with initializers:
// their adjoints are local arrays of f_bwd.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-activity %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(double x, double y)
{
	double a[4] = {x, 2.0, x * y, y};
	double m[2][3];
	double z[5] = {0};
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 3; j++)
			m[i][j] = a[i + j] * (i + 1) - a[j] / (j + 1);
	double s = 0.0;
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 3; j++) {
			z[i + j] += m[i][j];
			s += m[i][j] * m[i][j];
		}
	for (int k = 0; k < 5; k++)
		s += z[k] * z[k] * x;
	return s;
}
// CHECK-LABEL: static void f_bwd(double x, double *x_b, double y, double ret_b){{$}}
// CHECK: double a_b[4] = {0.0};
// CHECK: double m_b[2][3] = {{.}}{0.0}};

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t, 0.7);
}

int main(void)
{
	for (double x = -1.0; x < 1.5; x += 0.6) {
		double d, xb = 0;
		ck_equal_bits("primal", f_b(x, &xb, 0.7, 1.0), f(x, 0.7));
		f_d(x, 1.0, 0.7, &d);
		ck_close("dot product", xb, d, 1e-12);
		ck_close("differences", xb, ck_richardson(at, &x, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
