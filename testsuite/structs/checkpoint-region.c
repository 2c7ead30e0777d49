// A checkpoint region and a binomial loop over code that reads a struct's
// members (p->w[i], p->k, p->n): derivatives bitwise equal to
// --no-checkpoint in reverse mode and second order, and checked against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain -I%S > %t.plain.out
// RUN: cmp %t.out %t.plain.out
#include <math.h>

#include "Inputs/coef.h"

#pragma ck_adjoint wrt(p, x)
#pragma ck_hvp wrt(p, x)
double f(const Coef *p, const double *x)
{
	double t[8], s = 0.0;
#pragma ck_checkpoint
	for (int i = 0; i < p->n; i++)
		t[i] = sin(p->w[i] * x[i]) * p->k;
#pragma ck_checkpoint binomial(2)
	for (int step = 0; step < 5; step++)
		for (int i = 0; i < p->n; i++)
			t[i] = t[i] * cos(p->k * t[i]) + p->w[i];
	for (int i = 0; i < p->n; i++)
		s += t[i] * t[i];
	return s;
}
// CHECK-LABEL: static double f_fwd(const Coef *p, const double *x){{$}}
// CHECK: ck_snap_new()

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define NW 4
#define N (NW + 1 + NW)

static void unpack(double *w, Coef *c, double *x, const double *v)
{
	for (int i = 0; i < NW; i++) {
		w[i] = v ? v[i] : 0.0;
		x[i] = v ? v[NW + 1 + i] : 0.0;
	}
	c->n = NW;
	c->w = w;
	c->k = v ? v[NW] : 0.0;
}

static void pack_add(double *g, const Coef *c, const double *x)
{
	for (int i = 0; i < NW; i++) {
		g[i] += c->w[i];
		g[NW + 1 + i] += x[i];
	}
	g[NW] += c->k;
}

static const double *base, *dir;
static double along(double t, void *ctx)
{
	double v[N], w[NW], x[NW];
	Coef c;
	(void)ctx;
	for (int i = 0; i < N; i++)
		v[i] = base[i] + t * dir[i];
	unpack(w, &c, x, v);
	return f(&c, x);
}

static void grad(const double *v, double *g, int n, void *ctx)
{
	double w[NW], x[NW], wb[NW], xb[NW];
	Coef c, cb;
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0;
	unpack(w, &c, x, v);
	unpack(wb, &cb, xb, NULL);
	f_b(&c, &cb, x, xb, 1.0);
	pack_add(g, &cb, xb);
}

static double hvp(const double *v, const double *vd, double *gb, double *gbd,
		  double rb, double qb, int n, void *ctx)
{
	double w[NW], x[NW], wd[NW], xd[NW], wb[NW], xb[NW], wbd[NW], xbd[NW];
	Coef c, cd, cb, cbd;
	(void)ctx;
	(void)n;
	unpack(w, &c, x, v);
	unpack(wd, &cd, xd, vd);
	unpack(wb, &cb, xb, NULL);
	unpack(wbd, &cbd, xbd, NULL);
	double y = f_b_d(&c, &cd, &cb, &cbd, x, xd, xb, xbd, rb, qb);
	pack_add(gb, &cb, xb);
	pack_add(gbd, &cbd, xbd);
	return y;
}

int main(void)
{
	double v[N], d[N], u[N], g[N];
	for (int i = 0; i < N; i++) {
		v[i] = ck_rand();
		d[i] = ck_rand();
		u[i] = ck_rand();
	}
	grad(v, g, N, NULL);
	for (int i = 0; i < N; i++)
		printf("g[%d] = %a\n", i, g[i]);
	base = v;
	dir = d;
	ck_close("gradient against differences", ck_dot(g, d, N),
		 ck_richardson(along, NULL, CK_FD_H), 1e-8);
	ck_check_hvp("f_b_d", hvp, grad, NULL, v, d, u, NULL, N, 0.5, 3.0);
	return ck_done();
}
#endif
