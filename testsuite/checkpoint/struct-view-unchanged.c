// A binomial loop that reads a parameter's data both directly (W[2]) and
// through a local struct's pointer member set to it before the loop
// (Layer net = { 2, W }, passed to a helper): storing the pointer into the
// struct counts as a store into the data's storage, but one made before
// the loop starts, so it needs no save().  It was refused with "uses data
// behind 'W' that the function changes" (the robotics probe's policy
// rollout).  f_b is bit for bit that of ckc --no-checkpoint, and checked
// against differences.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

typedef struct {
	int n;
	const double *w;
} Layer;

static double dense(const Layer *L, const double *x)
{
	double s = 0.0;
	for (int i = 0; i < L->n; i++)
		s += L->w[i] * x[i];
	return tanh(s);
}

#pragma ck_adjoint wrt(W)
double rollout(const double *W, int T)
{
	Layer net = { 2, W };
	double s[2] = { 1.0, 0.5 };
#pragma ck_checkpoint binomial(3)
	for (int t = 0; t < T; t++) {
		double u = dense(&net, s);
		s[1] = s[0];
		s[0] = u * W[2];
	}
	return s[0] + s[1];
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define T 9

typedef struct {
	const double *w;
	int k;
} at_ctx;

static double at(double t, void *ctx)
{
	at_ctx *a = ctx;
	double y[3];
	for (int i = 0; i < 3; i++)
		y[i] = a->w[i] + (i == a->k ? t : 0.0);
	return rollout(y, T);
}

int main(void)
{
	volatile double base = 0.3; /* (no constant folding of tanh) */
	double w[3] = { base + 0.4, base - 0.1, base + 0.9 }, g[3] = { 0.0 };
	ck_equal_bits("primal of rollout_b", rollout_b(w, g, T, 1.0),
		      rollout(w, T));
	for (int k = 0; k < 3; k++) {
		at_ctx a = { w, k };
		ck_close("rollout_b against differences", g[k],
			 ck_richardson(at, &a, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
