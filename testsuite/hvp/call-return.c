// A callee returning a value computed from data behind a pointer, called in
// a loop with a varying index, and a callee calling another:
//   f(x) = sum_{i < n-1} term(x, i),  term(x, i) = cs(x[i]) * x[i + 1],
//   cs(v) = cos(v); so by hand
//   H[i][i] += -cos(x_i) x_{i+1}, H[i][i+1] = H[i+1][i] += -sin(x_i).
// f_b_d against that H (1e-12) and Richardson differences of the hand
// gradient (CK_HVP_RTOL = 1e-7), the ret_bd * grad term separately,
// accumulation, symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

static double cs(double v)
{
	return cos(v);
}

static double term(const double *x, int i)
{
	return cs(x[i]) * x[i + 1];
}

#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n - 1; i++)
		s += term(x, i);
	return s;
}
// CHECK-LABEL: double f_b_d(const double *x, const double *x_d, double *x_b, double *x_bd, int n, double ret_b, double ret_bd)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 7

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0;
	for (int i = 0; i < n - 1; i++) {
		g[i] += -sin(x[i]) * x[i + 1];
		g[i + 1] += cos(x[i]);
	}
}

static void hess_vec(const double *x, const double *v, double *hv)
{
	for (int i = 0; i < N; i++)
		hv[i] = 0;
	for (int i = 0; i < N - 1; i++) {
		hv[i] += -cos(x[i]) * x[i + 1] * v[i] - sin(x[i]) * v[i + 1];
		hv[i + 1] += -sin(x[i]) * v[i];
	}
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)ctx;
	return f_b_d(x, xd, xb, xbd, n, rb, qb);
}

int main(void)
{
	double x[N], v[N], u[N], hv[N];
	for (int k = 0; k < 2; k++) {
		for (int i = 0; i < N; i++) {
			x[i] = 2 * ck_rand();
			v[i] = ck_rand();
			u[i] = ck_rand();
		}
		hess_vec(x, v, hv);
		double y = ck_check_hvp("callee returns", hvp, grad, NULL, x, v,
					u, hv, N, 0.75, -1.25);
		ck_equal_bits("primal", y, f(x, N));
	}
	return ck_done();
}
#endif
