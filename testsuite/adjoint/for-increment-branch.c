// A for loop whose increment holds a floating ?: (t += t < 0.5 ? dt :
// 2 * dt; a step and a product chosen by the counter): the forward sweep
// tapes the branch, which is no for clause, so the step ends the loop's
// body there; it stopped ckc with an internal error.  f_b against
// differences and f_d, f_b_d against differences of gradients; with a
// break in the body such a loop is refused
// (diagnostics/adjoint-inc-taped-with-exits.c).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
#include <math.h>

#pragma ck_tangent wrt(a, dt)
#pragma ck_adjoint wrt(a, dt)
#pragma ck_hvp wrt(a, dt)
double walk(double a, double dt)
{
	double y = a;
	for (double t = 0.0; t < 1.0; t += t < 0.5 ? dt : 2 * dt)
		y = y * (1.0 + t * a);
	return y;
}
// CHECK-LABEL: static double walk_fwd(double a, double dt)
// CHECK: for (; t < 1.0;) {
// CHECK: ck_push_b(ck_t, 1);
// CHECK: t += t < 0.5 ? dt : 2 * dt;
// CHECK-NEXT: }

#pragma ck_tangent wrt(a)
#pragma ck_adjoint wrt(a)
#pragma ck_hvp wrt(a)
double scale(double a, int n)
{
	double y = 1.0;
	int i;
	for (i = 0; i < n; i++, y = y * (i < 3 ? a : sin(a)))
		y += 0.5 * a;
	return y;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at_a(double e, void *ctx)
{
	const double *p = ctx;
	return walk(p[0] + e, p[1]);
}

static double at_dt(double e, void *ctx)
{
	const double *p = ctx;
	return walk(p[0], p[1] + e);
}

static double at_s(double e, void *ctx)
{
	return scale(*(const double *)ctx + e, 5);
}

static void grad_walk(const double *x, double *g, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	g[0] = g[1] = 0.0;
	walk_b(x[0], &g[0], x[1], &g[1], 1.0);
}

static double hvp_walk(const double *x, const double *xd, double *xb,
		       double *xbd, double rb, double rbd, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return walk_b_d(x[0], xd[0], &xb[0], &xbd[0], x[1], xd[1], &xb[1],
			&xbd[1], rb, rbd);
}

static void grad_scale(const double *x, double *g, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	g[0] = 0.0;
	scale_b(x[0], &g[0], 5, 1.0);
}

static double hvp_scale(const double *x, const double *xd, double *xb,
			double *xbd, double rb, double rbd, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return scale_b_d(x[0], xd[0], xb, xbd, 5, rb, rbd);
}

int main(void)
{
	double p[2] = { 0.7, 0.13 }, g[2] = { 0.0, 0.0 }, yd;
	double v[2] = { 0.4, -0.9 }, u[2] = { -0.3, 0.5 };
	ck_equal_bits("walk_b primal", walk_b(p[0], &g[0], p[1], &g[1], 1.0),
		      walk(p[0], p[1]));
	ck_close("walk_b a", g[0], ck_richardson(at_a, p, CK_FD_H), 1e-8);
	ck_close("walk_b dt", g[1], ck_richardson(at_dt, p, CK_FD_H), 1e-8);
	walk_d(p[0], 0.4, p[1], -0.9, &yd);
	ck_close("walk_d against walk_b", yd, 0.4 * g[0] - 0.9 * g[1], 1e-13);
	ck_check_hvp("walk_b_d", hvp_walk, grad_walk, NULL, p, v, u, NULL, 2,
		     0.5, 3.0);
	printf("walk_b: %.10f %.10f\n", g[0], g[1]);

	double a = 0.8, ga = 0.0, sd, w = 1.0, z = -0.5;
	ck_equal_bits("scale_b primal", scale_b(a, &ga, 5, 1.0), scale(a, 5));
	ck_close("scale_b", ga, ck_richardson(at_s, &a, CK_FD_H), 1e-8);
	scale_d(a, 1.0, 5, &sd);
	ck_close("scale_d against scale_b", sd, ga, 1e-13);
	ck_check_hvp("scale_b_d", hvp_scale, grad_scale, NULL, &a, &w, &z, NULL,
		     1, 0.5, 3.0);
	printf("scale_b: %.10f\n", ga);
	return ck_done();
}
#endif
// OUT: walk_b: {{-?[0-9]}}
// OUT: scale_b: {{-?[0-9]}}
// OUT: 0 failed
