// ck_adjoint and ck_hvp on the same functions: the x_b (and s_b) that f_b_d
// computes is bit for bit the one f_b computes, whatever x_d, s_d and
// ret_bd are, and so is the primal; through loops, a callee, math
// functions, a branch, an out() pointer.  The second-order part is checked
// against differences of f_b (CK_HVP_RTOL = 1e-7) and for symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

static double softplus(double z)
{
	return z > 20.0 ? z : log1p(exp(z));
}

#pragma ck_adjoint wrt(x, s)
#pragma ck_hvp wrt(x, s)
double f(const double *x, double s, int n)
{
	double acc = 0.0, prev = s;
	for (int i = 0; i < n; i++) {
		double z = x[i] * prev - 0.3 * s;
		if (z > 0.0)
			acc += softplus(z) * sqrt(1.0 + x[i] * x[i]);
		else
			acc -= z * z / (1.0 + s * s);
		prev = tanh(z) + 0.5 * x[i];
	}
	return acc + pow(prev, 2.0) * s;
}
// CHECK-DAG: double f_b_d(const double *x, const double *x_d, double *x_b, double *x_bd, double s, double s_d, double *s_b, double *s_bd, int n, double ret_b, double ret_bd)
// CHECK-DAG: double f_b(const double *x, double *x_b, double s, double *s_b, int n, double ret_b)

#pragma ck_adjoint wrt(x) out(y)
#pragma ck_hvp wrt(x) out(y)
void g(const double *x, double *y, int n)
{
	for (int i = 1; i < n; i++)
		y[i] = sin(x[i] * x[i - 1]) + y[i - 1] * 0.5;
}
// CHECK-DAG: void g_b_d(const double *x, const double *x_d, double *x_b, double *x_bd, double *y, double *y_d, double *y_b, double *y_bd, int n)
// CHECK-DAG: void g_b(const double *x, double *x_b, double *y, double *y_b, int n)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 7

static void grad_b(const double *p, double *gr, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	for (int i = 0; i <= N; i++)
		gr[i] = 0;
	f_b(p, gr, p[N], &gr[N], N, 1.0);
}

/* Is some z of f within 0.05 of the branch at 0?  (The differences must not
 * cross it: f jumps there.) */
static int near_branch(const double *p)
{
	double prev = p[N];
	for (int i = 0; i < N; i++) {
		double z = p[i] * prev - 0.3 * p[N];
		if (fabs(z) < 0.05)
			return 1;
		prev = tanh(z) + 0.5 * p[i];
	}
	return 0;
}

static double hvp(const double *p, const double *pd, double *pb, double *pbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return f_b_d(p, pd, pb, pbd, p[N], pd[N], &pb[N], &pbd[N], N, rb, qb);
}

int main(void)
{
	double p[N + 1], v[N + 1], u[N + 1];
	for (int k = 0; k < 3; k++) {
		do
			for (int i = 0; i <= N; i++)
				p[i] = 1.5 * ck_rand();
		while (near_branch(p));
		for (int i = 0; i <= N; i++) {
			v[i] = ck_rand();
			u[i] = ck_rand();
		}
		/* f_b and f_b_d with the same seed ret_b = 0.75 */
		double xb[N] = {0}, sb = 0, xb2[N] = {0}, xbd[N] = {0};
		double sb2 = 0, sbd = 0;
		double y1 = f_b(p, xb, p[N], &sb, N, 0.75);
		double y2 = f_b_d(p, v, xb2, xbd, p[N], v[N], &sb2, &sbd, N,
				  0.75, -2.0);
		ck_equal_bits("f: primal of f_b_d = f_b's", y2, y1);
		ck_equal_bits("f: primal = f's", y2, f(p, p[N], N));
		for (int i = 0; i < N; i++)
			ck_equal_bits("f: x_b of f_b_d = f_b's", xb2[i], xb[i]);
		ck_equal_bits("f: s_b of f_b_d = f_b's", sb2, sb);
		ck_check_hvp("f", hvp, grad_b, NULL, p, v, u, NULL, N + 1, 0.75,
			     -2.0);

		/* g: seeds in y_b and y_bd */
		double y[N], yg[N], yd[N], yb[N], ybg[N], ybd[N];
		double gxb[N] = {0}, gxb2[N] = {0}, gxbd[N] = {0};
		for (int i = 0; i < N; i++) {
			y[i] = yg[i] = 0.25 * i;
			yd[i] = 0;
			yb[i] = ybg[i] = ck_rand();
			ybd[i] = ck_rand();
		}
		g_b(p, gxb, yg, ybg, N);
		g_b_d(p, v, gxb2, gxbd, y, yd, yb, ybd, N);
		for (int i = 0; i < N; i++) {
			ck_equal_bits("g: x_b of g_b_d = g_b's", gxb2[i], gxb[i]);
			ck_equal_bits("g: y_b of g_b_d = g_b's", yb[i], ybg[i]);
			ck_equal_bits("g: y of g_b_d = g_b's", y[i], yg[i]);
		}
	}
	return ck_done();
}
#endif
