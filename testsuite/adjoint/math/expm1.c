// Adjoint of expm1 and expm1f: against the tangent (dot-product test) and
// Richardson central differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-activity %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out
#include <math.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(double x)
{
	return 2.0 * expm1(0.5 * x + 0.1);
}
// CHECK-LABEL: double f_b(double x, double *x_b, double ret_b)
// CHECK-LABEL: static void f_bwd(

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
float ff(float x)
{
	return 2.0f * expm1f(0.5f * x + 0.1f);
}
// CHECK-LABEL: float ff_b(float x, float *x_b, float ret_b)

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
		double x0 = x0s[i], d, xb = 0.25;
		double y = f_b(x0, &xb, 1.5);
		f_d(x0, 1.0, &d);
		ck_equal_bits("primal", y, f(x0));
		ck_close("dot product: f_b vs f_d", xb - 0.25, 1.5 * d, 1e-12);
		ck_close("f_b vs differences", (xb - 0.25) / 1.5,
			 ck_richardson(at, &x0, CK_FD_H), 1e-8);
		float xbf = 0.0f, df;
		float yf = ff_b((float)x0, &xbf, 1.0f);
		ff_d((float)x0, 1.0f, &df);
		ck_check("ff primal", yf == ff((float)x0));
		ck_close("ff_b vs ff_d", xbf, df, 1e-5);
	}
	return ck_done();
}
#endif
