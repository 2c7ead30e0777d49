// Second order through checkpoints in a helper whose active parameter is
// a pointer to the caller's local struct: f_bwd's copy of that struct
// starts at zero, and the helper's snapshot loads the struct's values and
// their tangents into it, so f_b_d passes that copy with a tangent (the
// helper's f_bwd_d takes s_d, as its f_fwd_d does) instead of dropping
// the tangents the snapshot holds.  A region and a binomial loop in
// helpers, a region that reads a second local struct, named in its
// save(), whose values the snapshot puts back into the caller's copy, and
// a struct on the heap (f_b_d keeps the tangent of its f_bwd pointer):
// H v against differences of gradients, symmetry, and x_b, x_bd bit for
// bit those of ckc --no-checkpoint (compared with cmp).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: grep -v STATS %t.out > %t.deriv
// RUN: grep -v STATS %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT-NOT: FAIL
// OUT: STATS hvp recomputations 9
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>
#include <stdlib.h>

#define N 3

typedef struct {
	double q[N];
} state;

static void square(state *s)
{
#pragma ck_checkpoint save(s[0:1])
	for (int i = 0; i < N; i++)
		s->q[i] = s->q[i] * s->q[(i + 1) % N];
}

static void integrate(state *s, int nt)
{
#pragma ck_checkpoint binomial(2) save(s[0:1])
	for (int t = 0; t < nt; t++)
		for (int i = 0; i < N; i++)
			s->q[i] = s->q[i] + 0.1 * sin(s->q[(i + 1) % N]);
}

typedef struct {
	double k;
} param;

/* reads the caller's local struct pr, which save() names */
static void damp(state *s, param *pr)
{
#pragma ck_checkpoint save(s[0:1], pr[0:1])
	for (int i = 0; i < N; i++)
		s->q[i] = s->q[i] * pr->k + 0.1 * pr->k * pr->k;
}

#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	state s;
	param pr;
	for (int i = 0; i < N; i++)
		s.q[i] = x[i];
	pr.k = 0.5 + x[0] * x[1];
	square(&s);
	damp(&s, &pr);
	integrate(&s, 5);
	/* a struct on the heap: f_bwd pops its pointer, and its tangent */
	state *h = malloc(sizeof *h);
	for (int i = 0; i < N; i++)
		h->q[i] = s.q[i] * x[(i + 1) % N];
	square(h);
	double r = s.q[0] * s.q[1] + s.q[2] + h->q[0] * h->q[2];
	free(h);
	return r;
}
// CHECK-LABEL: static void f_bwd_d(
// CHECK: square_bwd_d(&s2, &s2_d, &s_b, &s_bd);
// CHECK-LABEL: static void square_bwd_d(state *s, state *s_d, state *s_b, state *s_bd){{$}}
// CHECK-NOT: CK_SKIP
// CHECK: CK_LOAD_N(ck_s, s_d + 0, 1);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

static void grad(const double *p, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0;
	f_b(p, g, 1.0);
}

static double hvp(const double *p, const double *pd, double *pb, double *pbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return f_b_d(p, pd, pb, pbd, rb, qb);
}

int main(void)
{
	double p[N] = {0.7, -0.4, 1.1}, v[N] = {0.3, 0.5, -0.2};
	double u[N] = {-0.6, 0.2, 0.9}, pb[N] = {0}, pbd[N] = {0};
	ck_stats_reset();
	hvp(p, v, pb, pbd, 1.0, 0.5, N, NULL);
	ck_stats st;
	ck_stats_get(&st);
	printf("STATS hvp recomputations %llu\n", st.recomputations);
	for (int i = 0; i < N; i++)
		printf("x_b[%d] %a x_bd[%d] %a\n", i, pb[i], i, pbd[i]);
	double y = ck_check_hvp("helpers with checkpoints", hvp, grad, NULL,
				p, v, u, NULL, N, 0.75, -1.25);
	ck_equal_bits("primal", y, f(p));
	return ck_done();
}
#endif
