// Struct parameters in every mode: an array of structs with a nested
// struct member (ps[i].pos.v[k]), a struct by value (Prior pr), a struct
// with a pointer member (ws->w), an integer member used as an index, and
// &ps[i].pos handed to a helper.  Shadows have the primal's types.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr -I%S > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include <math.h>

#include "Inputs/particles.h"

static double dist2(const struct vec3 *a, const struct vec3 *b)
{
	double d = 0.0;
	for (int k = 0; k < 3; k++) {
		double t = a->v[k] - b->v[k];
		d += t * t;
	}
	return d;
}

#pragma ck_tangent wrt(ps, pr, ws, s)
#pragma ck_adjoint wrt(ps, pr, ws, s)
#pragma ck_hvp wrt(ps, pr, ws, s)
double energy(const Particle *ps, int np, Prior pr, const Weights *ws, double s)
{
	double e = 0.0;
	for (int i = 0; i < np; i++) {
		for (int j = i + 1; j < np; j++)
			e += ps[i].mass * ps[j].mass /
			     (1.0 + dist2(&ps[i].pos, &ps[j].pos));
		e += ws->w[ps[i].id % ws->n] * sin(ps[i].pos.v[0] * s);
	}
	return e * pr.gamma + pr.m * s * s;
}
// CHECK: #include "Inputs/particles.h"
// CHECK-LABEL: double energy_d(const Particle *ps, const Particle *ps_d, int np, Prior pr, Prior pr_d, const Weights *ws, const Weights *ws_d, double s, double s_d, double *ret_d){{$}}
// CHECK: ps_d[i].mass
// CHECK-LABEL: double energy_b(const Particle *ps, Particle *ps_b, int np, Prior pr, Prior *pr_b, const Weights *ws, Weights *ws_b, double s, double *s_b, double ret_b){{$}}
// CHECK-LABEL: double energy_b_d(const Particle *ps, const Particle *ps_d, Particle *ps_b, Particle *ps_bd, int np, Prior pr, Prior pr_d, Prior *pr_b, Prior *pr_bd, const Weights *ws, const Weights *ws_d, Weights *ws_b, Weights *ws_bd, double s, double s_d, double *s_b, double *s_bd, double ret_b, double ret_bd){{$}}
// CHECK: pr_b->gamma
// CHECK: ws_b->w[

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define NP 3
#define NW 2
#define N (4 * NP + 1 + NW + 1)

/* The active data of the arguments as one vector x: per particle pos and
 * mass, then pr.gamma, the weights, and s. */
typedef struct Args {
	Particle ps[NP];
	Prior pr;
	double w[NW];
	Weights ws;
	double s;
} Args;

static void unpack(Args *a, const double *x)
{
	for (int i = 0; i < NP; i++) {
		for (int k = 0; k < 3; k++)
			a->ps[i].pos.v[k] = x[4 * i + k];
		a->ps[i].mass = x[4 * i + 3];
		a->ps[i].id = 2 * i + 1;
	}
	a->pr.gamma = x[4 * NP];
	a->pr.m = 3;
	for (int k = 0; k < NW; k++)
		a->w[k] = x[4 * NP + 1 + k];
	a->ws.n = NW;
	a->ws.w = a->w;
	a->s = x[N - 1];
}

/* g = the adjoints in a, packed like x (accumulated: g += ...) */
static void pack_add(double *g, const Args *a)
{
	for (int i = 0; i < NP; i++) {
		for (int k = 0; k < 3; k++)
			g[4 * i + k] += a->ps[i].pos.v[k];
		g[4 * i + 3] += a->ps[i].mass;
	}
	g[4 * NP] += a->pr.gamma;
	for (int k = 0; k < NW; k++)
		g[4 * NP + 1 + k] += a->w[k];
	g[N - 1] += a->s;
}

/* a shadow with a's shape, zero or from x */
static void shadow(Args *d, const double *x)
{
	static const double zero[N];
	unpack(d, x ? x : zero);
}

static double primal(const double *x)
{
	Args a;
	unpack(&a, x);
	return energy(a.ps, NP, a.pr, &a.ws, a.s);
}

static const double *base, *dir;
static double along(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = base[i] + t * dir[i];
	return primal(x);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	Args a, b;
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0;
	unpack(&a, x);
	shadow(&b, NULL);
	energy_b(a.ps, b.ps, NP, a.pr, &b.pr, &a.ws, &b.ws, a.s, &b.s, 1.0);
	pack_add(g, &b);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double qb, int n, void *ctx)
{
	Args a, d, b, bd;
	(void)ctx;
	(void)n;
	unpack(&a, x);
	shadow(&d, xd);
	shadow(&b, NULL);
	shadow(&bd, NULL);
	double y = energy_b_d(a.ps, d.ps, b.ps, bd.ps, NP, a.pr, d.pr, &b.pr,
			      &bd.pr, &a.ws, &d.ws, &b.ws, &bd.ws, a.s, d.s,
			      &b.s, &bd.s, rb, qb);
	pack_add(xb, &b);
	pack_add(xbd, &bd);
	return y;
}

int main(void)
{
	double x[N], v[N], u[N], g[N], td;
	for (int i = 0; i < N; i++) {
		x[i] = ck_rand();
		v[i] = ck_rand();
		u[i] = ck_rand();
	}
	Args a, d;
	unpack(&a, x);
	shadow(&d, v);
	double y = energy_d(a.ps, d.ps, NP, a.pr, d.pr, &a.ws, &d.ws, a.s, d.s,
			    &td);
	ck_equal_bits("primal of f_d", y, primal(x));
	base = x;
	dir = v;
	ck_close("f_d against differences", td, ck_richardson(along, NULL, CK_FD_H),
		 1e-8);
	grad(x, g, N, NULL);
	ck_close("dot product", ck_dot(g, v, N), td, 1e-12);
	ck_check_hvp("f_b_d", hvp, grad, NULL, x, v, u, NULL, N, 0.5, 3.0);
	return ck_done();
}
#endif
