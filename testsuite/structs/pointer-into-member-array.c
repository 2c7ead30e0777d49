// A local pointer to a struct inside a struct's member array, as particle
// and charge codes write it (const charge *a = &sys->c[i]; a->q * a->x[0]):
// it is replaced by the expression it was made from ((&sys->c[i])->q), as
// pointers to floating data in members are, where that gives the same
// value at every use (views.c); the reverse mode used to refuse it.  A
// pointer made before its index changes stays as it is (a type
// confusion in views.c once let it be replaced, reading the new index).  The
// gradient against Richardson differences along a direction, the tangent
// against the adjoint (dot-product test) and the Hessian-vector product
// against differences of gradients.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#include "Inputs/charges.h"

#pragma ck_tangent wrt(sys)
#pragma ck_adjoint wrt(sys)
#pragma ck_hvp wrt(sys)
double energy(const sys_t *sys)
{
	double e = 0.0;
	for (int i = 0; i < sys->n; i++) {
		const charge *a = &sys->c[i];
		for (int j = i + 1; j < sys->n; j++) {
			const charge *b = &sys->c[j];
			double dx = a->x[0] - b->x[0], dy = a->x[1] - b->x[1];
			e += a->q * b->q / sqrt(dx * dx + dy * dy + 0.1);
		}
	}
	return e;
}

/* the index changes after the pointer is made: the pointer stays (it is
 * replaced only where that gives the same value at every use) */
#pragma ck_tangent wrt(sys)
double moved(const sys_t *sys)
{
	int i = 0;
	const charge *a = &sys->c[i];
	i = 2;
	return a->q * a->x[1] * sys->c[i].q;
}
// CHECK-LABEL: double moved_d(const sys_t *sys, const sys_t *sys_d, double *ret_d){{$}}
// CHECK: a = &sys->c[i];
// CHECK: return a->q * a->x[1] * sys->c[i].q;
// CHECK-LABEL: static void energy_bwd(const sys_t *sys, sys_t *sys_b, double ret_b){{$}}
// CHECK: (&sys_b->c[i])->q +=

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

/* the state as a vector: x[0], x[1], q of each charge */
static void put(sys_t *s, const double *p, const double *v, double h)
{
	s->n = NC;
	for (int k = 0; k < NC; k++) {
		s->c[k].x[0] = p[3 * k] + h * v[3 * k];
		s->c[k].x[1] = p[3 * k + 1] + h * v[3 * k + 1];
		s->c[k].q = p[3 * k + 2] + h * v[3 * k + 2];
	}
}

static void get(const sys_t *s, double *p)
{
	for (int k = 0; k < NC; k++) {
		p[3 * k] = s->c[k].x[0];
		p[3 * k + 1] = s->c[k].x[1];
		p[3 * k + 2] = s->c[k].q;
	}
}

static double P[3 * NC], V[3 * NC];

static double along(double h, void *ctx)
{
	sys_t s;
	(void)ctx;
	put(&s, P, V, h);
	return energy(&s);
}

static double moved_along(double h, void *ctx)
{
	sys_t s;
	(void)ctx;
	put(&s, P, V, h);
	return moved(&s);
}

static void grad(const double *p, double *g)
{
	sys_t s, sb;
	double zero[3 * NC] = { 0 };
	put(&s, p, zero, 0.0);
	put(&sb, zero, zero, 0.0);
	energy_b(&s, &sb, 1.0);
	get(&sb, g);
}

int main(void)
{
	double g[3 * NC], gp[3 * NC], gm[3 * NC], pp[3 * NC], pm[3 * NC];
	double zero[3 * NC] = { 0 }, hv[3 * NC], t;
	sys_t s, sd, sb, sbd;
	for (int i = 0; i < 3 * NC; i++) {
		P[i] = ck_rand() + (i % 3 == 2 ? 1.5 : 0.0);
		V[i] = ck_rand();
	}
	put(&s, P, zero, 0.0);
	put(&sd, V, zero, 0.0);
	ck_close("moved: f_d's value is f's", moved_d(&s, &sd, &t), moved(&s),
		 0.0);
	ck_close("moved: tangent against differences", t,
		 ck_richardson(moved_along, NULL, 1e-3), 1e-8);
	ck_close("moved: reads charge 0 and charge 2", moved(&s),
		 P[2] * P[1] * P[8], 1e-15);
	grad(P, g);
	ck_close("gradient along v", ck_dot(g, V, 3 * NC),
		 ck_richardson(along, NULL, 1e-3), 1e-8);
	put(&s, P, zero, 0.0);
	put(&sd, V, zero, 0.0);
	energy_d(&s, &sd, &t);
	ck_close("tangent = gradient . v", t, ck_dot(g, V, 3 * NC), 1e-12);
	put(&sb, zero, zero, 0.0);
	put(&sbd, zero, zero, 0.0);
	energy_b_d(&s, &sd, &sb, &sbd, 1.0, 0.0);
	get(&sbd, hv);
	for (int i = 0; i < 3 * NC; i++) {
		pp[i] = P[i] + 1e-5 * V[i];
		pm[i] = P[i] - 1e-5 * V[i];
	}
	grad(pp, gp);
	grad(pm, gm);
	for (int i = 0; i < 3 * NC; i++)
		ck_close("H v against differences of gradients", hv[i],
			 (gp[i] - gm[i]) / 2e-5, 1e-6);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
