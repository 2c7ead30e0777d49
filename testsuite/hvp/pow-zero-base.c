// pow(a, b) at a = 0: a^0 is 1 for every a and 0^b is 0 for every b > 0,
// so the partial in a with b = 0 and the one in b with a = 0 are 0; the
// rule's b * pow(a, b - 1) and pow(a, b) * log(a) alone would give
// 0 * inf, a NaN that spreads through the whole gradient.  A polynomial
// by pow(x, k) from k = 0, evaluated at x = 0, and pow(a, b) with both
// active at a = 0: exact values in f_d, f_b, f_b_d and f_dv.  Only a = 0
// is guarded, so at b = 0 the second-order cross term 1 / a stays.  With
// a constant exponent the guard is decided at compile time.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#pragma ck_tangent wrt(c, x)
#pragma ck_adjoint wrt(c, x)
#pragma ck_hvp wrt(c, x)
#pragma ck_tangent wrt(c, x) vector
double poly(const double *c, double x, int deg)
{
	double s = 0.0;
	for (int k = 0; k <= deg; k++)
		s += c[k] * pow(x, k);
	return s + pow(x, 3.0);
}
// CHECK-LABEL: double poly_d(
// CHECK: ck_mulz(x == 0.0 ? (k == 0.0 ? 0.0 : k * pow(x, k - 1.0)) : k * pow(x, k - 1.0), x_d)
// CHECK: 3.0 * pow(x, 3.0 - 1.0) * x_d

#pragma ck_tangent wrt(a, b)
#pragma ck_adjoint wrt(a, b)
#pragma ck_hvp wrt(a, b)
double pw(double a, double b)
{
	return pow(a, b) + a * b;
}
// CHECK-LABEL: double pw_d(
// CHECK: ck_mulz(a == 0.0 ? 0.0 : ck_e * log(a), b_d)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	/* poly = 1 + 2 x + 3 x^2 + x^3: at 0, d/dx = 2, d2/dx2 = 6, and
	 * d/dc = (1, 0, 0) */
	double c[3] = {1, 2, 3}, cd[3] = {0, 0, 0}, rd = 0;
	double cb[3] = {0}, cbd[3] = {0}, xb = 0, xbd = 0;
	poly_d(c, cd, 0.0, 1.0, 2, &rd);
	ck_close("pow(x, k) at 0: f_d", rd, 2.0, 0.0);
	poly_b(c, cb, 0.0, &xb, 2, 1.0);
	ck_close("pow(x, k) at 0: f_b x", xb, 2.0, 0.0);
	ck_check("pow(x, k) at 0: f_b c", cb[0] == 1 && cb[1] == 0 && cb[2] == 0);
	xb = 0;
	cb[0] = cb[1] = cb[2] = 0;
	poly_b_d(c, cd, cb, cbd, 0.0, 1.0, &xb, &xbd, 2, 1.0, 0.0);
	ck_close("pow(x, k) at 0: f_b_d gradient", xb, 2.0, 0.0);
	ck_close("pow(x, k) at 0: f_b_d H v", xbd, 6.0, 0.0);
	double cdv[3 * 2] = {0}, xdv[2] = {1.0, 0.0}, rdv[2];
	cdv[0 * 2 + 1] = 1.0; /* direction 1 moves c[0] */
	poly_dv(c, cdv, 0.0, xdv, 2, 2, rdv);
	ck_check("pow(x, k) at 0: f_dv", rdv[0] == 2.0 && rdv[1] == 1.0);

	/* pw = a^b + a b at a = 0, b = 2.5: d/da = b, d/db = a = 0 */
	double pd, ab = 0, bb = 0, abd = 0, bbd = 0;
	pw_d(0.0, 1.0, 2.5, 0.0, &pd);
	ck_close("pow(a, b) at a = 0: f_d along a", pd, 2.5, 0.0);
	pw_d(0.0, 0.0, 2.5, 1.0, &pd);
	ck_close("pow(a, b) at a = 0: f_d along b", pd, 0.0, 0.0);
	pw_b(0.0, &ab, 2.5, &bb, 1.0);
	ck_check("pow(a, b) at a = 0: f_b", ab == 2.5 && bb == 0.0);
	ab = bb = 0;
	/* H = [[0, 1], [1, 0]] there (a^b's second partials vanish for
	 * b > 2): H (1, 0) = (0, 1) */
	pw_b_d(0.0, 1.0, &ab, &abd, 2.5, 0.0, &bb, &bbd, 1.0, 0.0);
	ck_check("pow(a, b) at a = 0: f_b_d", abd == 0.0 && bbd == 1.0);
	/* at b = 0 (a = 1.5) the guard stays out of the way: d2/da db of
	 * a^b + a b is a^(b - 1) (1 + b log a) + 1 = 1 / 1.5 + 1 */
	ab = bb = abd = bbd = 0;
	pw_b_d(1.5, 1.0, &ab, &abd, 0.0, 0.0, &bb, &bbd, 1.0, 0.0);
	ck_close("pow(a, b) at b = 0: f_b_d d2/da2", abd, 0.0, 0.0);
	ck_close("pow(a, b) at b = 0: f_b_d d2/db da", bbd, 1.0 / 1.5 + 1.0,
		 1e-15);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
