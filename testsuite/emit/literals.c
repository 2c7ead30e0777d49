// Literals: floating ones in the shortest spelling that reads back exactly,
// always with a '.' or an exponent, 'f' on floats; integers keep the
// suffix their type needs.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t

#pragma ck_tangent wrt(x, y)
double f(double x, float y, unsigned long n, long m, unsigned u)
{
	double a = 0.1 * x + 1e-10 + 2.5e20 * x * 1e-20 + 100. + 1e+3;
	float b = 2.5f * y + .5f + 3;
	unsigned long k = n + 10UL + 0x10;
	long l = m * 2L;
	unsigned v = u + 7u;
	double c = x * -2.0 + 0.333333333333333314829616256247390992939472198486328125;
	return a + b + (double)k + (double)l + v + c;
}
// CHECK-LABEL: double f_d(double x, double x_d, float y, float y_d, unsigned long n, long m, unsigned int u, double *ret_d)
// CHECK: double a = 0.1 * x + 1e-10 + 2.5e20 * x * 1e-20 + 100.0 + 1000.0;
// CHECK: float b = 2.5f * y + 0.5f + 3;
// CHECK: unsigned long k = n + 10UL + 16;
// CHECK: long l = m * 2L;
// CHECK: unsigned int v = u + 7U;
// CHECK: double c = x * -2.0 + 0.3333333333333333;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double h, void *ctx)
{
	double x = *(double *)ctx;
	return f(x + h, (float)0.25, 3, -4, 5);
}

int main(void)
{
	for (double x = -1.0; x < 2.0; x += 0.75) {
		double d;
		ck_equal_bits("primal", f_d(x, 1.0, 0.25f, 0.0f, 3, -4, 5, &d),
			      f(x, 0.25f, 3, -4, 5));
		ck_close("tangent", d, ck_richardson(at, &x, CK_FD_H), 1e-7);
	}
	return ck_done();
}
#endif
