// A parameter named ret (a portfolio's returns) or ret_... (a helper's
// ret_b): its shadows are ret_d, ret_b, ret_bd, so the result's shadows
// take the base res instead (res_d, res_b, res_bd, res_dv, res_bdv), in
// the requested functions and in the helpers ckc differentiates for
// them.  The output used to name both ret_b and did not compile.
// Gradients against differences, the tangent against the adjoint,
// Hessian-vector products against differences of gradients.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.h
// RUN: FileCheck %s --check-prefix=HELPER --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
#include <math.h>

static double sharpe(const double *ret, int n)
{
	double m = 0.0, v = 0.0;
	for (int i = 0; i < n; i++)
		m += ret[i];
	m /= n;
	for (int i = 0; i < n; i++)
		v += (ret[i] - m) * (ret[i] - m);
	return m / sqrt(v / n);
}

static double knock(double x, double ret_b)
{
	return x * x * ret_b;
}

#pragma ck_tangent wrt(ret)
#pragma ck_adjoint wrt(ret)
#pragma ck_hvp wrt(ret)
double score(const double *ret, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += knock(ret[i], 0.5) * ret[i];
	return s + sharpe(ret, n);
}
// CHECK: double score_d(const double *ret, const double *ret_d, int n, double *res_d);
// CHECK: double score_b(const double *ret, double *ret_b, int n, double res_b);
// CHECK: double score_b_d(const double *ret, const double *ret_d, double *ret_b, double *ret_bd, int n, double res_b, double res_bd);
// HELPER-DAG: static double sharpe_d(const double *ret, const double *ret_d, int n, double *res_d);
// HELPER-DAG: static void knock_bwd(double x, double *x_b, double ret_b, double res_b);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 5

typedef struct {
	const double *x;
	int k;
} at_ctx;

static double at(double t, void *ctx)
{
	const at_ctx *a = ctx;
	double y[N];
	for (int i = 0; i < N; i++)
		y[i] = a->x[i] + (i == a->k ? t : 0.0);
	return score(y, N);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	score_b(x, g, n, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	return score_b_d(x, xd, xb, xbd, n, rb, rbd);
}

int main(void)
{
	volatile double base = 0.01;
	double x[N], g[N] = { 0.0 }, xd[N], v[N], u[N], yd;
	for (int i = 0; i < N; i++) {
		x[i] = base * (i * i - 3.0 * i + 1.5);
		xd[i] = 20.0 * base * i - 0.3;
		v[i] = 10.0 * base + 0.05 * i;
		u[i] = 30.0 * base - 0.1 * i;
	}
	ck_equal_bits("primal of score_b", score_b(x, g, N, 1.0), score(x, N));
	for (int k = 0; k < N; k++) {
		at_ctx a = { x, k };
		ck_close("score_b against differences", g[k],
			 ck_richardson(at, &a, CK_FD_H), 1e-7);
	}
	score_d(x, xd, N, &yd);
	ck_close("score_d against score_b", yd, ck_dot(g, xd, N), 1e-12);
	ck_check_hvp("score_b_d", hvp, grad, NULL, x, v, u, NULL, N, 0.5, 3.0);
	return ck_done();
}
#endif
// OUT: 0 failed
