// Static tables that the first call fills with values of constants (a
// flag `static int ready`, and `if (!ready) { ...; ready = 1; }`): a
// helper's coefficients, read with an active argument, and a weight table
// of the differentiated function itself.  Their values carry no
// derivative; each generated function keeps its own table, and the
// reverse sweep reads the values from the tape.  Gradients, HVPs, the
// dot-product test against differences, f_dv bitwise f_d.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>
static double coefx(int k, double x)
{
	static int ready = 0;
	static double C[8];
	if (!ready) {
		for (int i = 0; i < 8; i++)
			C[i] = cos(0.1 * i) + 0.5 * i;
		ready = 1;
	}
	return C[k] * x * x + C[(k + 1) % 8] * sin(x);
}
#pragma ck_tangent wrt(u)
#pragma ck_adjoint wrt(u)
#pragma ck_hvp wrt(u)
double helper_table(const double *u)
{
	double s = 0;
	for (int k = 0; k < 8; k++)
		s += coefx(k, u[k]) * u[(k + 3) % 8];
	return s;
}

#pragma ck_tangent wrt(u)
#pragma ck_tangent wrt(u) vector
#pragma ck_adjoint wrt(u)
#pragma ck_hvp wrt(u)
double own_table(const double *u)
{
	static int ready = 0;
	static double W[8];
	double s = 0;
	if (ready == 0) {
		for (int i = 0; i < 8; i++)
			W[i] = exp(-0.2 * i);
		W[0] = 0.5 * W[1];
		ready = 1;
	}
	for (int k = 0; k < 8; k++)
		s += W[k] * sin(u[k]) * u[(k + 3) % 8];
	return s;
}
// CHECK-LABEL: static double coefx_fwd(int k, double x){{$}}
// CHECK: static int ready = 0;
// CHECK-NEXT: static double C[8];

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_PLAIN_AS(kh, helper_table)
KC_SCALAR_WRAPPERS_PLAIN_AS(ko, own_table)
int main(void)
{
	double v[8];
	for (int i = 0; i < 8; i++)
		v[i] = 0.3 + 0.1 * i;
	/* twice each: the second call finds its tables filled */
	for (int r = 0; r < 2; r++) {
		kc_check_scalar("helper's table", kh, kh_d, kh_b, kh_b_d, NULL,
				v, NULL, 8, 2);
		kc_check_scalar("own table", ko, ko_d, ko_b, ko_b_d, NULL, v,
				NULL, 8, 2);
	}
	double dv[8 * 3], ydv[3];
	for (int i = 0; i < 8 * 3; i++)
		dv[i] = ck_rand();
	double y = own_table_dv(v, dv, 3, ydv);
	for (int k = 0; k < 3; k++) {
		double d[8], yd;
		for (int i = 0; i < 8; i++)
			d[i] = dv[i * 3 + k];
		double y1 = own_table_d(v, d, &yd);
		ck_check("own table: f_dv's direction is f_d's",
			 y1 == y && yd == ydv[k]);
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: 0 failed
