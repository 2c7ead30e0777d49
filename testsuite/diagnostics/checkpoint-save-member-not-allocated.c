// save(s.u[lo:len]) names a member of a local struct that the function
// points at a local array, not at a buffer it mallocs: ckc knows no
// buffer for the member, says so at the section, and writes nothing.
// checkpoint/save-struct-member.c has the accepted form.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
#include <math.h>

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
	double ubuf[16], vbuf[16];
	State s;
	s.n = n;
	s.u = ubuf;
	s.v = vbuf;
	for (int i = 0; i < n; i++)
		s.u[i] = x[i];
// CHECK: checkpoint-save-member-not-allocated.c:[[@LINE+2]]:40: error: save(s.u[...]) names a member that this function does not allocate: ckc knows the buffer of 's.u' only when one statement of the function sets it by malloc (s.u = malloc(...)); put the region where that data no longer changes
// CHECK: checkpoint-save-member-not-allocated.c:[[@LINE+1]]:50: error: save(s.v[...]) names a member that this function does not allocate: ckc knows the buffer of 's.v' only when one statement of the function sets it by malloc (s.v = malloc(...)); put the region where that data no longer changes
#pragma ck_checkpoint binomial(2) save(s.u[0:n], s.v[0:n])
	for (int t = 0; t < 4; t++)
		step(&s, 0.1);
	return s.u[0] * s.u[1];
}
