// Calls with pointer arguments: a callee that writes through a pointer
// (axpy into a local array), one that only reads (dot), one with an
// inactive destination, and a void callee returning through a double *.
//   w = 1 + a x, f(x, a) = dot(w, w) + dot(x, x) + 2 * first
//     = sum (1 + a x_i)^2 + x_i^2 + 2 x_0^3          (first = x_0^3)
//   H[x_i][x_j] = (2a^2 + 2 + 12 x_0 [i = 0]) [i = j],
//   H[x_i][a] = 2 + 4 a x_i, H[a][a] = 2 sum x_i^2  (by hand).
// f_b_d against that H (1e-12) and Richardson differences of the hand
// gradient (CK_HVP_RTOL = 1e-7), the ret_bd * grad term separately,
// accumulation, symmetry.
// Each also bitwise the same with --no-tbr and --no-activity.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-activity %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

static void axpy(double a, const double *x, double *y, int n)
{
	for (int i = 0; i < n; i++)
		y[i] += a * x[i];
}

static double dot(const double *x, const double *y, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += x[i] * y[i];
	return s;
}

static void cube(double v, double *out)
{
	*out = v * v * v;
}

#pragma ck_hvp wrt(x, a)
double f(const double *x, double a, int n)
{
	double w[8], c[8], first;
	for (int i = 0; i < n; i++) {
		w[i] = 1.0;
		c[i] = 0.0;
	}
	axpy(a, x, w, n);
	axpy(2.0, w, c, n);
	cube(x[0], &first);
	return dot(w, w, n) + dot(x, x, n) + 2.0 * first;
}
// CHECK-LABEL: double f_b_d(const double *x, const double *x_d, double *x_b, double *x_bd, double a, double a_d, double *a_b, double *a_bd, int n, double ret_b, double ret_bd)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 6

/* p = (x_0 .. x_{N-1}, a) */
static void grad(const double *p, double *g, int n, void *ctx)
{
	double a = p[N];
	(void)n;
	(void)ctx;
	g[N] = 0;
	for (int i = 0; i < N; i++) {
		g[i] = 2 * (1 + a * p[i]) * a + 2 * p[i];
		g[N] += 2 * (1 + a * p[i]) * p[i];
	}
	g[0] += 6 * p[0] * p[0];
}

static void hess_vec(const double *p, const double *v, double *hv)
{
	double a = p[N], s = 0;
	hv[N] = 0;
	for (int i = 0; i < N; i++) {
		double hia = 2 + 4 * a * p[i];
		hv[i] = (2 * a * a + 2) * v[i] + hia * v[N];
		hv[N] += hia * v[i];
		s += p[i] * p[i];
	}
	hv[0] += 12 * p[0] * v[0];
	hv[N] += 2 * s * v[N];
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
	double p[N + 1], v[N + 1], u[N + 1], hv[N + 1];
	for (int k = 0; k < 2; k++) {
		for (int i = 0; i <= N; i++) {
			p[i] = ck_rand();
			v[i] = ck_rand();
			u[i] = ck_rand();
		}
		hess_vec(p, v, hv);
		double y = ck_check_hvp("pointer calls", hvp, grad, NULL, p, v, u,
					hv, N + 1, 0.75, -1.25);
		ck_equal_bits("primal", y, f(p, p[N], N));
	}
	return ck_done();
}
#endif
