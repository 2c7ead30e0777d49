// Tangent of exp2 and exp2f against Richardson central differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>

#pragma ck_tangent wrt(x)
double f(double x)
{
	return 2.0 * exp2(0.5 * x + 0.1);
}
// CHECK-LABEL: double f_d(double x, double x_d, double *ret_d)
// CHECK: double ck_e = exp2(0.5 * x + 0.1);
// CHECK: *ret_d = 2.0 * {{.*}}x_d
// CHECK: return 2.0 * ck_e;

#pragma ck_tangent wrt(x)
float ff(float x)
{
	return 2.0f * exp2f(0.5f * x + 0.1f);
}
// CHECK-LABEL: float ff_d(float x, float x_d, float *ret_d)
// CHECK: float ck_e = exp2f(0.5f * x + 0.1f);
// CHECK: return 2.0f * ck_e;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t);
}

int main(void)
{
	static const double x0s[] = {0.6, 1.1};
	for (int i = 0; i < 2; i++) {
		double x0 = x0s[i], d;
		double y = f_d(x0, 1.0, &d);
		float df;
		float yf = ff_d((float)x0, 1.0f, &df);
		ck_equal_bits("primal", y, f(x0));
		ck_close("f_d vs differences", d, ck_richardson(at, &x0, CK_FD_H),
			 1e-8);
		ck_close("ff_d vs f_d", df, d, 1e-4);
		ck_check("ff primal", yf == ff((float)x0));
		/* linear in the seed */
		double d3;
		f_d(x0, 3.0, &d3);
		ck_close("seed scaling", d3, 3.0 * d, 1e-14);
	}
	return ck_done();
}
#endif
