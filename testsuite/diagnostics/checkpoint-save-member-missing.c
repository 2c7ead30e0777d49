// A binomial loop steps a local struct whose two pointer members hold
// buffers the function mallocs, and save() names only one of them: the
// message names the other, save(s.v[lo:len]).
// checkpoint/save-struct-member.c has the accepted form.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
#include <math.h>
#include <stdlib.h>

typedef struct {
	double *u, *v;
	int n;
} State;

static void step(State *s, double dt)
{
	for (int i = 0; i < s->n; i++)
		s->v[i] = s->u[i] + dt * sin(s->u[(i + 1) % s->n]);
	for (int i = 0; i < s->n; i++)
		s->u[i] = s->v[i] * 0.5 + 0.5 * s->u[i];
}

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	State s;
	s.n = n;
	s.u = malloc(n * sizeof(double));
	s.v = malloc(n * sizeof(double));
	for (int i = 0; i < n; i++)
		s.u[i] = x[i];
// CHECK: checkpoint-save-member-missing.c:[[@LINE+1]]:9: error: this binomial(K) loop uses data behind the pointer members of 's', which the function changes; name each in save() (save(s.v[lo:len]), for a buffer this function mallocs into the member), or put the region where that data no longer changes
#pragma ck_checkpoint binomial(2) save(s.u[0:n])
	for (int t = 0; t < 4; t++)
		step(&s, 0.1);
	double e = s.u[0] * s.u[1];
	free(s.u);
	free(s.v);
	return e;
}
