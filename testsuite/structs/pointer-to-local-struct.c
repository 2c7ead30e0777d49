// A local pointer that always points to one struct of the function,
// state *ps = &s: set by its declaration (or by each arm of an if, to the
// same struct), read through (ps->a, (*ps).b, ps->w[i]) and passed whole
// (init(ps, x)).  The reverse mode refused it ("cannot follow the local
// pointer 'ps' into the members of a struct yet"); the pointer now goes,
// and reads through it read the struct itself.  Gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// CHECK-LABEL: static double f_fwd(const double *x){{$}}
// CHECK: init_fwd(&s, x);
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: init_bwd(&{{s[0-9]*}}, &s_b, x, x_b);
// OUT-NOT: FAIL
// OUT: checks, 0 failed
#include <math.h>
#define N 4

typedef struct {
	double a, b;
	double w[N];
	int n;
} state;

static void init(state *s, const double *x)
{
	s->a = x[0];
	s->b = x[1] * x[1];
	for (int i = 0; i < N; i++)
		s->w[i] = sin(x[i]) * x[(i + 1) % N];
	s->n = 2;
}

static double energy(const state *s)
{
	double e = s->a * s->b;
	for (int i = 0; i < N; i++)
		e += s->w[i] * s->w[i];
	return e;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	state s;
	state *ps = &s;
	init(ps, x);
	ps->a *= (*ps).b;
	for (int i = 0; i < N; i++)
		ps->w[i] += ps->a * x[i];
	return ps->a + s.b * ps->n + energy(ps);
}

/* set in both arms of an if, to the same struct */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x, int k)
{
	state s;
	state *ps;
	if (k > 0)
		ps = &s;
	else
		ps = &s;
	init(ps, x);
	double e = 0.0;
	for (int i = 0; i < N; i++)
		e += ps->w[i] * cos(ps->b * x[i]);
	return e * ps->a;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)
KC_SCALAR_WRAPPERS_AS(kg, g, 1)

int main(void)
{
	double v[N];
	volatile double one = 1.0;
	for (int i = 0; i < N; i++)
		v[i] = 0.1 * (i + 2) * one;
	kc_check_scalar("ps = &s", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N,
			3);
	kc_check_scalar("ps = &s in both arms", kg, kg_d, kg_b, kg_b_d, NULL,
			v, NULL, N, 3);
	return ck_done();
}
#endif
