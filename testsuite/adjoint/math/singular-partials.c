// Partials that are infinite at finite arguments (acos at 1, sqrt at 0,
// hypot and atan2 at (0, 0)) meet a tangent or adjoint that is exactly
// zero where the argument is held constant: a cosine clamped by fmin/fmax
// before acos, the outside term of a box's signed distance inside the box
// (fmax(q, 0) picks the 0), a zero padding, a start at rest, and a length
// that nothing reads on the branch taken.  0 * inf would be a NaN that
// spreads through the whole gradient; ckc multiplies such partials by
// ck_mulz, which gives 0 when a factor is 0, so the derivatives are those
// of the function near the point.  Tangent, gradient and Hessian-vector
// products against differences, the dot-product test, f_dv bitwise f_d.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// --no-strong-zero multiplies them as any other partial:
// RUN: %ckc --no-strong-zero %s -o %t.nsz.c
// RUN: FileCheck %s --check-prefix=NSZ --input-file %t.nsz.c
// NSZ-NOT: ck_mulz
// NSZ: -1.0 / sqrt(1.0 - c * c) * c_d
#include <math.h>

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
#pragma ck_tangent wrt(v) vector
double angle(const double *v)
{
	double c = v[0] * v[3] + v[1] * v[4] + v[2] * v[5];
	c = fmin(1.0, fmax(-1.0, c));
	return acos(c) + 0.5 * (v[0] - v[4]) * v[2];
}
// CHECK-LABEL: static double ck_mulz(double a, double b)
// CHECK-LABEL: static float ck_mulzf(float a, float b)
// CHECK-LABEL: double angle_d(
// CHECK: ck_mulz(-1.0 / sqrt(1.0 - c * c), c_d)

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double sdbox(const double *v)
{
	double qx = fabs(v[0]) - 1.0, qy = fabs(v[1]) - 1.0;
	double ox = fmax(qx, 0.0), oy = fmax(qy, 0.0);
	return sqrt(ox * ox + oy * oy) + fmin(fmax(qx, qy), 0.0) * v[1];
}

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double padded(const double *v)
{
	double p[3] = { 0.0, v[0], v[1] };
	double s = 0.0;
	for (int i = 0; i < 3; i++)
		s += hypot(p[i], 0.5 * p[i]) * v[i];
	return s;
}

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double heading(const double *v)
{
	double vx = 0.0, vy = 0.0, J = 0.0;
	for (int k = 0; k < 3; k++) {
		double hd = atan2(vy, vx);
		J += hd * hd;
		vx += v[k];
		vy += 0.5 * v[k] * v[k];
	}
	return J + vx * vx;
}

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double safe_normal(const double *v)
{
	double l2 = v[0] * v[0] + v[1] * v[1];
	double l = sqrt(l2);
	double inv = l > 0.0 ? 1.0 / l : 0.0;
	return v[0] * inv + 0.1 * l2;
}

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
float angle_f(const float *v)
{
	float c = fminf(1.0f, v[0] * v[1]);
	return acosf(c) + v[0];
}
// CHECK-LABEL: float angle_f_d(
// CHECK: ck_mulzf(

/* the same guarded product twice in one statement: f_dv computes it for
 * each direction */
#pragma ck_tangent wrt(v)
#pragma ck_tangent wrt(v) vector
double sq2(const double *v)
{
	double y = v[0] * v[1];
	return sqrt(y) * sqrt(y);
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(ka, angle)
KC_SCALAR_WRAPPERS_PLAIN_AS(ks, sdbox)
KC_SCALAR_WRAPPERS_PLAIN_AS(kp, padded)
KC_SCALAR_WRAPPERS_PLAIN_AS(kh, heading)

int main(void)
{
	/* c = 1.26: the clamp holds it at 1, where acos' is -inf */
	double a[6] = { 0.9, 0.6, 0.3, 1.0, 0.5, 0.4 };
	/* inside the box: both outside terms are 0 */
	double s[2] = { 0.3, -0.4 };
	double p[3] = { 0.7, -0.4, 1.3 };
	double h[3] = { 0.8, -0.5, 0.3 };
	double z[2] = { 0.0, 0.0 }, zd[2] = { 0.6, -0.8 }, zb[2] = { 0, 0 };
	double zbd[2] = { 0, 0 }, y_d;
	kc_check_scalar("acos of a clamped cosine", ka, ka_d, ka_b, ka_b_d, NULL,
			a, NULL, 6, 3);
	kc_check_scalar("a box's signed distance inside", ks, ks_d, ks_b,
			ks_b_d, NULL, s, NULL, 2, 3);
	kc_check_scalar("hypot of a zero padding", kp, kp_d, kp_b, kp_b_d,
			NULL, p, NULL, 3, 3);
	kc_check_scalar("atan2 from rest", kh, kh_d, kh_b, kh_b_d, NULL, h,
			NULL, 3, 3);
	/* at v = 0 the branch taken reads no length: f = 0.1 |v|^2, whose
	 * derivatives there are 0 */
	safe_normal_d(z, zd, &y_d);
	ck_equal_bits("safe normal: f_d at 0", y_d, 0.0);
	safe_normal_b(z, zb, 1.0);
	ck_equal_bits("safe normal: f_b at 0 (x)", zb[0], 0.0);
	ck_equal_bits("safe normal: f_b at 0 (y)", zb[1], 0.0);
	zb[0] = zb[1] = 0;
	safe_normal_b_d(z, zd, zb, zbd, 1.0, 0.0);
	ck_check("safe normal: f_b_d at 0 is finite",
		 isfinite(zbd[0]) && isfinite(zbd[1]));
	/* float: the clamp holds c at 1 */
	float fv[2] = { 1.5f, 1.0f }, fd[2] = { 0.3f, -0.2f }, fb[2] = { 0, 0 };
	float fy_d;
	angle_f_d(fv, fd, &fy_d);
	ck_equal_bits("float: f_d with the clamp held", fy_d, 0.3f);
	angle_f_b(fv, fb, 1.0f);
	ck_equal_bits("float: f_b with the clamp held (x)", fb[0], 1.0f);
	ck_equal_bits("float: f_b with the clamp held (y)", fb[1], 0.0f);
	/* f_dv, two directions, bitwise f_d's */
	double dv[12], rdv[2], r1, r2;
	for (int i = 0; i < 6; i++) {
		dv[2 * i] = 0.1 * (i + 1);
		dv[2 * i + 1] = -0.2 * i;
	}
	double d1[6], d2[6];
	for (int i = 0; i < 6; i++) {
		d1[i] = dv[2 * i];
		d2[i] = dv[2 * i + 1];
	}
	angle_dv(a, dv, 2, rdv);
	angle_d(a, d1, &r1);
	angle_d(a, d2, &r2);
	ck_equal_bits("acos of a clamped cosine: f_dv direction 0", rdv[0], r1);
	ck_equal_bits("acos of a clamped cosine: f_dv direction 1", rdv[1], r2);
	double q[2] = { 0.7, 1.3 }, qdv[4] = { 0.5, -1.0, 0.25, 2.0 };
	double qd1[2] = { 0.5, 0.25 }, qd2[2] = { -1.0, 2.0 };
	sq2_dv(q, qdv, 2, rdv);
	sq2_d(q, qd1, &r1);
	sq2_d(q, qd2, &r2);
	ck_equal_bits("sqrt(y) * sqrt(y): f_dv direction 0", rdv[0], r1);
	ck_equal_bits("sqrt(y) * sqrt(y): f_dv direction 1", rdv[1], r2);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
