// A pointer that ?: points into one of two parameters (a stereo pair's
// cameras, which[k] ? right : left; an element of either, &b[2 * k] :
// &a[2 * k]; a layer's input, the sequence or the state below), with a
// condition that calls nothing: the same choice as an if/else, which the
// reverse mode already took as a pointer set to one of two arrays.  It was
// refused ("'c' may point into different arrays"), also where only read
// through, while the if/else form was accepted.  Tangent, adjoint and
// Hessian-vector products against differences.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

static double g(const double *c, double x)
{
	return c[0] * x + c[1] * sin(x * c[1]);
}

#pragma ck_tangent wrt(a, b)
#pragma ck_adjoint wrt(a, b)
#pragma ck_hvp wrt(a, b)
double stereo(const double *a, const double *b, const int *which, int n)
{
	double E = 0.0;
	const double *anchor = which[0] ? b : a;
	for (int k = 0; k < n; k++) {
		const double *c = which[k] ? b : a;
		const double *d;
		d = which[k + 1] ? &b[2 * k] : &a[2 * k];
		E += g(c, k + 1.0) + d[0] * d[1] * anchor[1];
	}
	return E;
}

#pragma ck_tangent wrt(state) out(state)
#pragma ck_adjoint wrt(state) out(state)
double layers(const double *seq, double *state, int nl, int t)
{
	double s = 0.0;
	for (int l = 0; l < nl; l++) {
		const double *x = l == 0 ? &seq[t] : &state[l - 1];
		state[l] = state[l] * x[0];
		s += state[l];
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 3
static const int which[N + 1] = { 1, 0, 1, 1 };

/* stereo of v = (a, b) */
static double sv(const double *v)
{
	return stereo(v, v + 2 * N, which, N);
}

typedef struct {
	const double *v;
	int k;
} at_ctx;

static double at(double t, void *ctx)
{
	at_ctx *a = ctx;
	double y[4 * N];
	for (int i = 0; i < 4 * N; i++)
		y[i] = a->v[i] + (i == a->k ? t : 0.0);
	return sv(y);
}

static void grad(const double *v, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	stereo_b(v, g, v + 2 * N, g + 2 * N, which, N, 1.0);
}

static double hvp(const double *v, const double *vd, double *vb, double *vbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return stereo_b_d(v, vd, vb, vbd, v + 2 * N, vd + 2 * N, vb + 2 * N,
			  vbd + 2 * N, which, N, rb, rbd);
}

static const double seq[4] = { 0.5, -0.25, 0.75, 1.5 };

static double lat(double t, void *ctx)
{
	at_ctx *a = ctx;
	double st[3];
	for (int i = 0; i < 3; i++)
		st[i] = a->v[i] + (i == a->k ? t : 0.0);
	return layers(seq, st, 3, 2);
}

int main(void)
{
	volatile double base = 0.3; /* (no constant folding of sin) */
	double v[4 * N], d[4 * N], w[4 * N], g[4 * N], yd = 0.0, dot = 0.0;
	for (int i = 0; i < 4 * N; i++) {
		v[i] = base + 0.1 * i;
		d[i] = base - 0.05 * i;
		w[i] = 0.1 * (i % 3) - base;
	}
	grad(v, g, 4 * N, NULL);
	for (int k = 0; k < 4 * N; k++) {
		at_ctx a = { v, k };
		ck_close("stereo_b against differences", g[k],
			 ck_richardson(at, &a, CK_FD_H), 1e-8);
		dot += g[k] * d[k];
	}
	ck_equal_bits("primal of stereo_d",
		      stereo_d(v, d, v + 2 * N, d + 2 * N, which, N, &yd),
		      sv(v));
	ck_close("stereo_d against stereo_b", yd, dot, 1e-13);
	ck_check_hvp("stereo_b_d", hvp, grad, NULL, v, d, w, NULL, 4 * N, 0.5,
		     3.0);
	/* layers: the gradient of its result (state_b seeds nothing) */
	double st[3] = { base, base + 0.2, base - 0.4 }, sb[3] = { 0.0 };
	double s0[3] = { st[0], st[1], st[2] };
	layers_b(seq, st, sb, 3, 2, 1.0);
	for (int k = 0; k < 3; k++) {
		at_ctx a = { s0, k };
		ck_close("layers_b against differences", sb[k],
			 ck_richardson(lat, &a, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
