// A binomial(K) loop inside an outer loop, so that it runs more than once
// in one call, whose body allocates a buffer (a variable-length array
// here, a malloc'd one in g): the taped last step of each run keeps its
// buffer for the reverse sweep, and the plain steps of the next run left
// the variable null behind them, so f_bwd reversed the first run with a
// null shadow and crashed.  Plain steps now leave the buffer variable as
// the taped step left it.  f_b and f_b_d bitwise those of ckc
// --no-checkpoint, against differences, dot product, H v symmetry;
// leak-free under ASan.
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %s -o %t/ck_grad.c
// RUN: FileCheck %s --input-file %t/ck_grad.c
// RUN: %ckc --no-checkpoint -Df=f_plain -Dg=g_plain %s -o %t/plain_grad.c
// RUN: %ckc-run %t/ck_grad.c %s %t/run -I%t %t/plain_grad.c | FileCheck %s --check-prefix=OUT

#include <math.h>
#include <stdlib.h>

#pragma ck_tangent wrt(p)
#pragma ck_adjoint wrt(p)
#pragma ck_hvp wrt(p)
double f(const double *p, int n, int nouter, int nsteps)
{
	double x = 1.0;
	int o, s, i;
	for (o = 0; o < nouter; o++) {
#pragma ck_checkpoint binomial(2)
		for (s = 0; s < nsteps; s++) {
			double w[n];
			for (i = 0; i < n; i++)
				w[i] = p[i] * sin(x);
			for (i = 0; i < n; i++)
				x += 0.1 * w[i] * p[(i + o) % n];
		}
	}
	return x;
}

#pragma ck_tangent wrt(p)
#pragma ck_adjoint wrt(p)
#pragma ck_hvp wrt(p)
double g(const double *p, int n, int nouter, int nsteps)
{
	double x = 0.5;
	for (int o = 0; o < nouter; o++) {
#pragma ck_checkpoint binomial(3)
		for (int s = 0; s < nsteps; s++) {
			double *w = malloc(n * sizeof *w);
			for (int i = 0; i < n; i++)
				w[i] = p[i] * x;
			for (int i = 0; i < n; i++)
				x += 0.05 * w[i] * w[i];
			free(w);
		}
	}
	return x;
}
// CHECK-LABEL: static double f_fwd({{.*}}){{$}}
// CHECK: [[K:ck_keep[0-9]*]] = w;
// CHECK: free(w);
// CHECK: w = [[K]];
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
#include "ckrt.h"
#include "plain_grad.h"

#define N 3
#define OUTER 3
#define STEPS 5

static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return f(v, N, OUTER, STEPS) + g(v, N, OUTER, STEPS);
}

static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	double d2;
	(void)ctx;
	double r = f_d(v, vd, N, OUTER, STEPS, dot);
	r += g_d(v, vd, N, OUTER, STEPS, &d2);
	*dot += d2;
	return r;
}

static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	double r = f_b(v, vb, N, OUTER, STEPS, rb);
	return r + g_b(v, vb, N, OUTER, STEPS, rb);
}

static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	double r = f_b_d(v, vd, vb, vbd, N, OUTER, STEPS, rb, rbd);
	return r + g_b_d(v, vd, vb, vbd, N, OUTER, STEPS, rb, rbd);
}

int main(void)
{
	volatile double one = 1.0;
	double v[N] = { 0.5 * one, 0.25 * one, -0.3 * one };
	double d[N] = { 1.0, -0.5, 0.25 };
	kc_check_scalar("binomial loops run repeatedly", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	double g1[N] = { 0 }, gp[N] = { 0 }, g2[N] = { 0 }, gp2[N] = { 0 };
	double h[N] = { 0 }, hp[N] = { 0 };
	ck_equal_bits("f_b's result", f_b(v, g1, N, OUTER, STEPS, 1.0),
		      f_plain_b(v, gp, N, OUTER, STEPS, 1.0));
	ck_equal_bits("g_b's result", g_b(v, g1, N, OUTER, STEPS, 1.0),
		      g_plain_b(v, gp, N, OUTER, STEPS, 1.0));
	f_b_d(v, d, g2, h, N, OUTER, STEPS, 1.0, 0.5);
	f_plain_b_d(v, d, gp2, hp, N, OUTER, STEPS, 1.0, 0.5);
	g_b_d(v, d, g2, h, N, OUTER, STEPS, 1.0, 0.5);
	g_plain_b_d(v, d, gp2, hp, N, OUTER, STEPS, 1.0, 0.5);
	for (int i = 0; i < N; i++) {
		ck_equal_bits("f_b + g_b bitwise --no-checkpoint's", g1[i], gp[i]);
		ck_equal_bits("f_b_d's p_b bitwise", g2[i], gp2[i]);
		ck_equal_bits("f_b_d's p_bd bitwise", h[i], hp[i]);
	}
	return ck_done();
}
#endif
