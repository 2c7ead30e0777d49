// Double buffering over two local arrays of one element (double a[1],
// b[1]; double *p = d ? a : b;) becomes rows of one element, double
// ck_buf[2][1], whose zero initializer is {{0.0}}: it was {0.0}, which
// gcc's -Wall (-Wmissing-braces) rejects under -Werror.  Built and run
// with the test flags; derivatives against differences (first and
// second order).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

static void fill(const double *x, double *out)
{
	out[0] = x[0] * x[0];
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int d)
{
	double a[1], b[1];
	double *p = d ? a : b;
	a[0] = x[1];
	b[0] = 2.0 * x[1];
	fill(x, p);
	return a[0] * b[0];
}
// CHECK: double ck_buf[2][1] = {{[{][{]}}0.0{{[}][}]}};

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static int dd;
KC_SCALAR_WRAPPERS(f, dd)

int main(void)
{
	volatile double one = 1.0;
	double v[2] = { 0.7 * one, -0.4 * one };
	for (dd = 0; dd < 2; dd++)
		kc_check_scalar("rows of one element", kf, kf_d, kf_b, kf_b_d, NULL,
				v, NULL, 2, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
