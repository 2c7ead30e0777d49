// A parameter's numbers seen as structs of those numbers only, through a
// local pointer (`quat *Q = (quat *)q;` over double *q, a robot's or a
// mesh's flat state), read, written and passed to helpers; also inside a
// checkpoint region with save().  The reverse sweep sees the same view of
// the parameter and of its adjoint.  A struct with a member of another
// type keeps the refusal.  Gradients, Hessian-vector products and the
// dot-product test against differences; the region bitwise as without it.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nc.c
// RUN: %ckc-run --one %t.nc.c %s %t.nc > %t.nc.out
// RUN: cmp %t.out %t.nc.out
#include <math.h>

typedef struct {
	double w, x, y, z;
} quat;

typedef struct {
	double p[3];
} vec3;

static double len2(const vec3 *a)
{
	return a->p[0] * a->p[0] + a->p[1] * a->p[1] + a->p[2] * a->p[2];
}

/* normalizes n quaternions in place, and a score of them */
static double qnorm(double *q, int n)
{
	quat *Q = (quat *)q;
	double s = 0.0;
	for (int i = 0; i < n; i++) {
		double nn = sqrt(Q[i].w * Q[i].w + Q[i].x * Q[i].x +
				 Q[i].y * Q[i].y + Q[i].z * Q[i].z);
		Q[i].w /= nn;
		Q[i].x /= nn;
		Q[i].y /= nn;
		Q[i].z /= nn;
		s += Q[i].w * Q[(i + 1) % n].x;
	}
	return s;
}
// CHECK-LABEL: static void qnorm_bwd(
// CHECK: ((quat *)q_b + Q)[i]

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double q[8], s;
	const vec3 *P = (const vec3 *)x;
	for (int i = 0; i < 8; i++)
		q[i] = x[i] + 0.5;
	s = qnorm(q, 2);
#pragma ck_checkpoint save(q[0:8])
	{
		quat *Q = (quat *)q;
		Q[1].y = tanh(Q[0].w * Q[1].y);
	}
	return s + q[6] * q[1] + len2(&P[1]) * P[0].p[2];
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[8] = { 0.3, -0.7, 1.1, 0.8, 0.25, -0.4, 0.9, 0.6 };
	kc_check_scalar("numbers seen as structs of them", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, 8, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
