// The adjoint of a / b computes 1 / b once: a_b += t * (1 / b) and
// b_b -= t * (1 / b) * a * (1 / b), one division where t / b and
// t * a / b / b had two or three.  In a loop whose divisor does not
// change (s += x[i] / a), the C compiler moves that division out of the
// loop.  A float quotient divides in float (1.0f; h, checked against its
// gradient in double).  The derivative of 1 / b in the tangent (and so in
// f_b_d) is -(q * b_d) * q with q = 1 / b, without a second division, and
// the tangent of a / b is (a_d - q * b_d) * (1 / b): in f_dv the
// reciprocal is computed once for all directions, and no direction loop
// divides.  f's derivatives are checked against differences (first and
// second order) and the dot-product test, and each direction of f_dv is
// bitwise f_d's.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: awk -f %S/../tools/direction-loops.awk %t.c > %t.loops
// RUN: grep -q "x_dv\[" %t.loops
// RUN: not grep "/" %t.loops
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
#pragma ck_tangent wrt(x) vector
double f(const double *x, double k)
{
	double a = x[0] / x[1];
	double b = x[2] / k;
	double c = k / x[3];
	double s = 0;
	for (int i = 0; i < 3; i++)
		s += x[i] / a;
	return a * b + c + s / c;
}

#pragma ck_adjoint wrt(x)
float h(const float *x)
{
	return x[0] / x[1] + 2.0f / x[1];
}

// CHECK-LABEL: double f_d(const double *x, const double *x_d, double k, double *ret_d){{$}}
// CHECK: double a_d = (x_d[0] - x[0] / x[1] * x_d[1]) * (1.0 / x[1]);
// CHECK: double b_d = x_d[2] * (1.0 / k);
// CHECK: double c_d = -(k / x[3] * x_d[3]) * (1.0 / x[3]);
// CHECK-LABEL: double f_dv(
// CHECK: double [[F:ck_f[0-9]*]] = 1.0 / x[1];
// CHECK: a_dv[ck_k] = (x_dv[ck_k] - {{ck_f[0-9]*}} * x_dv[ck_nd + ck_k]) * [[F]];
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double k, double ret_b){{$}}
// CHECK: for (ck_n = 3; ck_n > 0; ck_n--) {
// CHECK: [[R:ck_a[0-9]*]] = 1.0 / (x[0] / x[1]);
// CHECK-NEXT: [[D:ck_a[0-9]*]] = s_b * [[R]];
// CHECK-NEXT: x_b[i] += [[D]];
// CHECK-NEXT: a_b += -([[D]] * x[i] * [[R]]);
// CHECK: [[RC:ck_a[0-9]*]] = 1.0 / x[3];
// CHECK-NEXT: x_b[3] += -(c_b * [[RC]] * k * [[RC]]);
// CHECK: x_b[2] += b_b * (1.0 / k);
// CHECK: [[RA:ck_a[0-9]*]] = 1.0 / x[1];
// CHECK-NEXT: [[DA:ck_a[0-9]*]] = a_b * [[RA]];
// CHECK-NEXT: x_b[0] += [[DA]];
// CHECK-NEXT: x_b[1] += -([[DA]] * x[0] * [[RA]]);
// CHECK-LABEL: static void h_bwd(const float *x, float *restrict x_b, float ret_b){{$}}
// CHECK: [[RF:ck_a[0-9]*]] = 1.0f / x[1];
// CHECK-NEXT: [[DF:ck_a[0-9]*]] = ret_b * [[RF]];
// CHECK-NEXT: x_b[0] += [[DF]];
// CHECK-NEXT: x_b[1] += -([[DF]] * x[0] * [[RF]]);
// CHECK-NEXT: [[RF2:ck_a[0-9]*]] = 1.0f / x[1];
// CHECK-NEXT: x_b[1] += -(ret_b * [[RF2]] * 2.0f * [[RF2]]);
// CHECK-LABEL: static void f_bwd_d(
// CHECK: _d = -(1.0 / x[3] * x_d[3] * (1.0 / x[3]));

#ifdef CK_TEST_MAIN
#include <string.h>

#include "kernelcheck.h"

static double kk;
KC_SCALAR_WRAPPERS(f, kk)

int main(void)
{
	double x[4];
	for (int i = 0; i < 4; i++)
		x[i] = ck_rand() + 0.5;
	for (kk = -1.5; kk <= 2; kk += 3.5)
		kc_check_scalar("division", kf, kf_d, kf_b, kf_b_d, NULL, x,
				NULL, 4, 3);
	double xdv[4 * 3], dv[3], xd[4], d1;
	for (int i = 0; i < 4 * 3; i++)
		xdv[i] = ck_rand() - 0.5;
	f_dv(x, xdv, kk, 3, dv);
	for (int j = 0; j < 3; j++) {
		for (int i = 0; i < 4; i++)
			xd[i] = xdv[i * 3 + j];
		f_d(x, xd, kk, &d1);
		ck_check("f_dv direction is f_d's, bitwise",
			 memcmp(&d1, &dv[j], sizeof d1) == 0);
	}
	float y[2] = { 0.75f, -1.25f }, yb[2] = { 0 };
	h_b(y, yb, 1.0f);
	ck_close("float d/dx0", yb[0], 1.0 / y[1], 1e-6);
	ck_close("float d/dx1", yb[1], -(y[0] + 2.0) / ((double)y[1] * y[1]),
		 1e-6);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
