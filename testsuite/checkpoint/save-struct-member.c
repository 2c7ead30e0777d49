// save(s.u[lo:len]) names the buffer malloc'd into a pointer member of a
// local struct: a model state `State s; s.u = malloc(...)` stepped whole
// by `step(&s, dt)` in a binomial loop.  The loop was refused ("uses data
// behind the pointer members of 's' ... save() covers whole structs"), and
// save() could not name a member.  The snapshot now holds the struct and
// the named sections.  Gradients, Hessian-vector products and the
// dot-product test against differences; bitwise against --no-checkpoint;
// the number of recomputed steps from the runtime's stats.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: grep -v STATS %t.out > %t.grad
// RUN: grep -v STATS %t.nock.out > %t.nock.grad
// RUN: cmp %t.grad %t.nock.grad
// CHECK-LABEL: static double f_fwd(const double *x, int n, int steps){{$}}
// CHECK: ck_s_u = malloc(
// CHECK: s.u = ck_s_u;
// OUT-NOT: FAIL
// The same counts as the loop written over local pointers, step(u, v, n,
// dt) with save(u[0:n], v[0:n]):
// OUT: STATS f_b recomputations 11 snapshot_peak_bytes 1512
// OUT: checks, 0 failed
#include <math.h>
#include <stdlib.h>
#define N 10

typedef struct {
	double *u, *v;
	int n;
} State;

static void step(State *s, double dt)
{
	for (int i = 0; i < s->n; i++)
		s->v[i] = s->u[i] + dt * sin(s->u[(i + 1) % s->n]);
	for (int i = 0; i < s->n; i++)
		s->u[i] = s->v[i] * s->v[i] * 0.5 + 0.5 * s->u[i];
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n, int steps)
{
	State s;
	s.n = n;
	s.u = malloc(n * sizeof(double));
	s.v = malloc(n * sizeof(double));
	for (int i = 0; i < n; i++)
		s.u[i] = x[i];
#pragma ck_checkpoint binomial(2) save(s.u[0:n], s.v[0:n])
	for (int t = 0; t < steps; t++)
		step(&s, 0.1);
	double e = 0;
	for (int i = 0; i < n; i++)
		e += s.u[i] * x[(i + 3) % n];
	free(s.u);
	free(s.v);
	return e;
}

/* the members read in the loop's own body, one section of two */
typedef struct {
	double *w;
	double scale;
} Layer;

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x, int n, int steps)
{
	Layer L;
	L.scale = 0.5;
	L.w = malloc(2 * n * sizeof *L.w);
	for (int i = 0; i < 2 * n; i++)
		L.w[i] = x[i % n] * (i < n ? 1.0 : -0.5);
#pragma ck_checkpoint binomial(3) save(L.w[0:2 * n])
	for (int t = 0; t < steps; t++)
		for (int i = 0; i < n; i++) {
			L.w[i] = tanh(L.w[i] + L.scale * L.w[n + i]);
			L.w[n + i] += 0.1 * L.w[i] * L.w[i];
		}
	double e = 0;
	for (int i = 0; i < 2 * n; i++)
		e += L.w[i];
	free(L.w);
	return e;
}

#ifdef CK_TEST_MAIN
#include "ckrt.h"
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_AS(kf, f, N, 7)
KC_SCALAR_WRAPPERS_AS(kg, g, N, 6)

int main(void)
{
	double v[N];
	volatile double one = 1.0;
	for (int i = 0; i < N; i++)
		v[i] = 0.1 * (i + 2) * one;
	kc_check_scalar("step(&s) with save(s.u, s.v)", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("L.w in the body, save(L.w)", kg, kg_d, kg_b, kg_b_d,
			NULL, v, NULL, N, 3);
	ck_stats st;
	double vb[N] = { 0 };
	ck_stats_reset();
	f_b(v, vb, N, 7, 1.0);
	ck_stats_get(&st);
	printf("STATS f_b recomputations %llu snapshot_peak_bytes %zu\n",
	       st.recomputations, st.snapshot_peak_bytes);
	return ck_done();
}
#endif
