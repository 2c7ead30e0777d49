// A buffer malloc'd into a local struct's pointer member that a helper
// given the struct's address then replaces: grow reallocates a->v, renew
// frees it and mallocs a new one.  The buffer does not get a local pointer
// of its own (ck_a_v, see struct-member-alloc.c), which would still hold
// the old buffer when f frees a.v: f_d and f_dv follow the member, whose
// shadow the helpers' tangents reallocate with it; so when a helper swaps
// two such structs whole (*a = *b).  In f_dv every
// direction's copy of the struct's shadow points to one shared buffer,
// allocated and reallocated once (freeing copy 0's frees it).  f_d
// against differences, each direction of f_dv bitwise f_d's (nd = 1, 3),
// no double free or leak under ASan.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>
#include <stdlib.h>

typedef struct {
	int n;
	double *v;
} vec;

static void grow(vec *a)
{
	a->n *= 2;
	a->v = realloc(a->v, a->n * sizeof(double));
}

static void renew(vec *a, int n)
{
	free(a->v);
	a->n = n;
	a->v = malloc(n * sizeof(double));
}

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
double f(const double *x)
{
	vec a;
	double s = 0.0;
	a.n = 2;
	a.v = malloc(a.n * sizeof(double));
	a.v[0] = sin(x[0]);
	a.v[1] = x[1] * x[0];
	grow(&a);
	a.v[2] = a.v[0] * a.v[1];
	a.v[3] = cos(x[1]) * a.v[2];
	for (int i = 0; i < a.n; i++)
		s += a.v[i] * x[i % 2];
	renew(&a, 3);
	for (int i = 0; i < a.n; i++)
		a.v[i] = exp(x[i % 2] * s);
	s += a.v[2] * a.v[1];
	free(a.v);
	return s;
}

/* a helper that swaps the structs whole, *a = *b */
static void swap(vec *a, vec *b)
{
	vec t = *a;
	*a = *b;
	*b = t;
}

#pragma ck_tangent wrt(x)
double g(const double *x)
{
	vec a, b;
	a.n = 2;
	a.v = malloc(a.n * sizeof(double));
	b.n = 4;
	b.v = malloc(b.n * sizeof(double));
	a.v[1] = sin(x[0]);
	b.v[3] = x[0] * x[1];
	swap(&a, &b);
	double s = a.v[3] * b.v[1];
	free(a.v);
	free(b.v);
	return s;
}
// CHECK-LABEL: double f_d(
// CHECK-NOT: ck_a_v
// CHECK: grow_d(&a, &a_d);
// CHECK: renew_d(&a, &a_d, 3);
// CHECK: ck_shadow_free(a_d.v);
// CHECK-NEXT: free(a.v);
// CHECK-LABEL: double f_dv(
// CHECK-NOT: ck_a_v
// CHECK: a_dv[0].v = ck_shadow_alloc(
// CHECK-NEXT: for (int ck_k = 0; ck_k < ck_nd; ck_k++) {
// CHECK-NEXT: a_dv[ck_k].v = a_dv[0].v;
// CHECK: ck_shadow_free(a_dv[0].v);
// CHECK-NEXT: free(a.v);
// CHECK-LABEL: double g_d(
// CHECK-NOT: ck_a_v
// CHECK-NOT: ck_b_v
// CHECK: swap_d(&a, &a_d, &b, &b_d);
// CHECK-LABEL: static void grow_dv(
// CHECK: a_dv[0].v = ck_shadow_realloc(a_dv[0].v,
// CHECK-NEXT: for (int ck_k = 0; ck_k < ck_nd; ck_k++) {
// CHECK-NEXT: a_dv[ck_k].v = a_dv[0].v;
// CHECK-LABEL: static void renew_dv(
// CHECK: ck_shadow_free(a_dv[0].v);
// CHECK: a_dv[0].v = ck_shadow_alloc(

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

typedef struct line {
	double x[2], d[2];
} line;

static double along(double t, void *ctx)
{
	line *l = ctx;
	double xs[2] = {l->x[0] + t * l->d[0], l->x[1] + t * l->d[1]};
	return f(xs);
}

static double along_g(double t, void *ctx)
{
	line *l = ctx;
	double xs[2] = {l->x[0] + t * l->d[0], l->x[1] + t * l->d[1]};
	return g(xs);
}

int main(void)
{
	volatile double one = 1.0;
	line l = {{0.3 * one, -0.7 * one}, {0.6 * one, 0.25 * one}};
	double rd, y = f_d(l.x, l.d, &rd);
	ck_equal_bits("f_d's primal", y, f(l.x));
	ck_close("differences", rd, ck_richardson(along, &l, CK_FD_H), 1e-8);
	y = g_d(l.x, l.d, &rd);
	ck_equal_bits("g_d's primal", y, g(l.x));
	ck_close("g: differences", rd, ck_richardson(along_g, &l, CK_FD_H),
		 1e-8);
	y = f(l.x);
	for (int nd = 1; nd <= 3; nd += 2) {
		double x_dv[2 * 3], r_dv[3];
		for (int i = 0; i < 2 * nd; i++)
			x_dv[i] = ck_rand();
		ck_equal_bits("f_dv's primal", f_dv(l.x, x_dv, nd, r_dv), y);
		for (int k = 0; k < nd; k++) {
			double xd[2] = {x_dv[k], x_dv[nd + k]};
			f_d(l.x, xd, &rd);
			ck_equal_bits("direction", r_dv[k], rd);
		}
	}
	return ck_done();
}
#endif
