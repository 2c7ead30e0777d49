// A binomial loop whose save() section covers the elements it writes (the
// interior of a stencil) and that also reads elements outside it (the
// boundary): accepted where nothing changes those elements after the loop
// starts, as here (the boundary is set before the loop); where something
// does, refused (diagnostics/checkpoint-read-outside-section.c).  f_b
// and f_b_d are bit for bit those of ckc --no-checkpoint, checked against
// differences and differences of gradients.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#pragma ck_adjoint wrt(u) out(u)
#pragma ck_hvp wrt(u) out(u)
void stencil(double *u, int n)
{
	u[0] = 0.5 * u[1];
	u[n - 1] = 0.5 * u[n - 2];
#pragma ck_checkpoint binomial(2) save(u[1:n - 2])
	for (int t = 0; t < 4; t++)
		for (int i = 1; i < n - 1; i++)
			u[i] = u[i] + 0.1 * sin(u[i - 1] - 2.0 * u[i] + u[i + 1]);
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 6
static double ub0[N];

/* f(u) = ub0 . stencil(u) */
static double eval(const double *x)
{
	double u[N], s = 0.0;
	for (int i = 0; i < N; i++)
		u[i] = x[i];
	stencil(u, N);
	for (int i = 0; i < N; i++)
		s += ub0[i] * u[i];
	return s;
}

typedef struct {
	const double *x;
	int k;
} at_ctx;

static double at(double t, void *ctx)
{
	at_ctx *a = ctx;
	double y[N];
	for (int i = 0; i < N; i++)
		y[i] = a->x[i] + (i == a->k ? t : 0.0);
	return eval(y);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	double u[N];
	for (int i = 0; i < n; i++) {
		u[i] = x[i];
		g[i] = ub0[i];
	}
	stencil_b(u, g, N);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	double u[N], ud[N], ub[N], ubd[N];
	for (int i = 0; i < n; i++) {
		u[i] = x[i];
		ud[i] = xd[i];
		ub[i] = rb * ub0[i];
		ubd[i] = rbd * ub0[i];
	}
	stencil_b_d(u, ud, ub, ubd, N);
	for (int i = 0; i < n; i++) {
		xb[i] += ub[i];
		xbd[i] += ubd[i];
	}
	return eval(x);
}

int main(void)
{
	/* (no constant folding: of sin, and of 1.0 - 0.3 * i, which clang
	 * -O2 contracts into one rounding) */
	volatile double base = 0.3, one = 1.0;
	double x[N], v[N], w[N], g[N];
	for (int i = 0; i < N; i++) {
		x[i] = base + 0.2 * i;
		ub0[i] = one - 0.3 * i;
		v[i] = base - 0.1 * i;
		w[i] = 0.2 * (i % 3) - base;
	}
	grad(x, g, N, NULL);
	for (int k = 0; k < N; k++) {
		at_ctx a = { x, k };
		ck_close("stencil_b against differences", g[k],
			 ck_richardson(at, &a, CK_FD_H), 1e-8);
	}
	ck_check_hvp("stencil_b_d", hvp, grad, NULL, x, v, w, NULL, N, 0.5,
		     3.0);
	return ck_done();
}
#endif
