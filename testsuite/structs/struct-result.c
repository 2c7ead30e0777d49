// A requested function that returns a struct holding floating data: its
// derivatives return the struct too, with the result's tangent as the last
// parameter (S *ret_d) and its seeds by value (S ret_b; S ret_b, S ret_bd),
// as DESIGN §2 says.  Internally the result is an out() parameter
// (sret.c).  Early returns, a helper returning a compound literal, an
// active struct argument by value and an active array.  Checked through a
// weighted sum w . f(v): f_b's gradient and f_b_d's Hessian-vector
// products against differences, the dot-product test, and f_d's result
// and tangent.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S > %t.out
#include <math.h>

#include "Inputs/v3.h"

static v3 cross(v3 a, v3 b)
{
	return (v3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,
		    a.x * b.y - a.y * b.x};
}

#pragma ck_tangent wrt(a, t)
#pragma ck_adjoint wrt(a, t)
#pragma ck_hvp wrt(a, t)
v3 spin(v3 a, const double *t)
{
	v3 r = a;
	for (int i = 0; i < 3; i++) {
		r = cross(r, (v3){t[i], 1.0, 0.5 * t[i]});
		r.x = sin(r.x) + a.y;
		if (r.z > 5.0)
			return r;
	}
	r.y = r.y * t[0];
	return r;
}
// CHECK-LABEL: v3 spin_d(v3 a, v3 a_d, const double *t, const double *t_d, v3 *ret_d){{$}}
// CHECK-NEXT: {
// CHECK-NEXT: v3 ck_res = {0};
// CHECK-NEXT: v3 *ck_ret = &ck_res;
// CHECK: return ck_res;
// CHECK: v3 spin_b(v3 a, v3 *a_b, const double *t, double *t_b, v3 ret_b){{$}}
// CHECK: v3 spin_b_d(v3 a, v3 a_d, v3 *a_b, v3 *a_bd, const double *t, const double *t_d, double *t_b, double *t_bd, v3 ret_b, v3 ret_bd){{$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

/* v = (a.x, a.y, a.z, t[0], t[1], t[2]); the checks see w . spin(v) */
static const v3 w = {0.7, -1.3, 0.4};

static v3 scaled(double s)
{
	v3 r = {s * w.x, s * w.y, s * w.z};
	return r;
}
static double wdot(v3 r)
{
	return w.x * r.x + w.y * r.y + w.z * r.z;
}
static v3 a_of(const double *v)
{
	v3 a = {v[0], v[1], v[2]};
	return a;
}

static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return wdot(spin(a_of(v), v + 3));
}
static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	v3 rd;
	(void)ctx;
	v3 r = spin_d(a_of(v), a_of(vd), v + 3, vd + 3, &rd);
	v3 p = spin(a_of(v), v + 3);
	ck_equal_bits("f_d's result (x)", r.x, p.x);
	ck_equal_bits("f_d's result (z)", r.z, p.z);
	*dot = wdot(rd);
	return wdot(r);
}
static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	v3 ab = {vb[0], vb[1], vb[2]};
	(void)ctx;
	v3 r = spin_b(a_of(v), &ab, v + 3, vb + 3, scaled(rb));
	vb[0] = ab.x;
	vb[1] = ab.y;
	vb[2] = ab.z;
	return wdot(r);
}
static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	v3 ab = {vb[0], vb[1], vb[2]}, abd = {vbd[0], vbd[1], vbd[2]};
	(void)ctx;
	(void)nv;
	v3 r = spin_b_d(a_of(v), a_of(vd), &ab, &abd, v + 3, vd + 3, vb + 3,
			vbd + 3, scaled(rb), scaled(rbd));
	vb[0] = ab.x;
	vb[1] = ab.y;
	vb[2] = ab.z;
	vbd[0] = abd.x;
	vbd[1] = abd.y;
	vbd[2] = abd.z;
	return wdot(r);
}

int main(void)
{
	double v[6] = {0.3, -0.5, 0.8, 0.6, -0.4, 1.1};
	double u[6] = {2.0, 1.5, 3.0, 2.2, 1.9, 2.5}; /* an early return */
	kc_check_scalar("struct result", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL,
			6, 3);
	kc_check_scalar("struct result, early return", kf, kf_d, kf_b, kf_b_d,
			NULL, u, NULL, 6, 3);
	return ck_done();
}
#endif
