// Casts: (int) of an active value has no derivative, (float) and (double)
// pass it on; integer arithmetic stays inactive.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t

#pragma ck_tangent wrt(x)
double f(double x, int n)
{
	int k = (int)(x * 4.0);
	float h = (float)x * 0.5f;
	double y = (double)h * x + k;
	long m = n * 3L;
	y += (double)m / 7 + (n / 2) * x;
	return y;
}
// CHECK-LABEL: double f_d(double x, double x_d, int n, double *ret_d)
// CHECK: float h_d = (float)x_d * 0.5f;
// CHECK: double y_d = (double)h_d * x + (double)h * x_d;
// CHECK-NOT: k_d
// CHECK-NOT: m_d

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	/* the float rounding of h makes differences too noisy: compare with
	 * the derivative by hand, d/dx (h x + k + ...) = 0.5 x + h + 5 / 2 */
	for (double x = 0.1; x < 2; x += 0.4) {
		double d;
		float h = (float)x * 0.5f;
		ck_equal_bits("primal", f_d(x, 1.0, 5, &d), f(x, 5));
		ck_close("tangent", d, 0.5 * x + h + 2, 1e-6);
	}
	return ck_done();
}
#endif
