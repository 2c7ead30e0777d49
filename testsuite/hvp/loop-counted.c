// f_b_d of counted loops: its forward sweep (the tangent of f_fwd) tapes
// values only, no trip counts or indices, for a nest with a literal
// outer bound and a parameter inner bound; f = sum_i t_i^2 x_i with
// t_i = sum_j W_ij x_j.  Checked against the hand Hessian (1e-12),
// Richardson differences of the hand gradient, symmetry and the ret_bd
// part (ck_check_hvp).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#pragma ck_hvp wrt(x)
double f(const double *x, const double *w, int n)
{
	double s = 0.0;
	for (int i = 0; i < 8; i++) {
		double t = 0.0;
		for (int j = 0; j < n; j++)
			t += w[i * 8 + j] * x[j];
		s += t * t * x[i];
	}
	return s;
}
// CHECK-LABEL: static double f_fwd_d(
// CHECK-NOT: ck_push_i
// CHECK: ck_reserve_d(
// CHECK-NOT: ck_push_i
// CHECK: return s;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 8
static double w[N * N];

static void tvec(const double *x, double *t)
{
	for (int i = 0; i < N; i++) {
		t[i] = 0.0;
		for (int j = 0; j < N; j++)
			t[i] += w[i * N + j] * x[j];
	}
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	double t[N];
	(void)n;
	(void)ctx;
	tvec(x, t);
	for (int k = 0; k < N; k++) {
		g[k] = t[k] * t[k];
		for (int i = 0; i < N; i++)
			g[k] += 2 * t[i] * w[i * N + k] * x[i];
	}
}

static void hess_vec(const double *x, const double *v, double *hv)
{
	double t[N];
	tvec(x, t);
	for (int k = 0; k < N; k++) {
		hv[k] = 0.0;
		for (int l = 0; l < N; l++) {
			double h = 2 * t[l] * w[l * N + k] + 2 * t[k] * w[k * N + l];
			for (int i = 0; i < N; i++)
				h += 2 * w[i * N + k] * w[i * N + l] * x[i];
			hv[k] += h * v[l];
		}
	}
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return f_b_d(x, xd, xb, xbd, w, N, rb, qb);
}

int main(void)
{
	double x[N], v[N], u[N], hv[N];
	for (int i = 0; i < N * N; i++)
		w[i] = 0.05 * ((i * 7) % 11) - 0.2;
	for (int k = 0; k < 3; k++) {
		for (int i = 0; i < N; i++) {
			x[i] = ck_rand();
			v[i] = ck_rand();
			u[i] = ck_rand();
		}
		hess_vec(x, v, hv);
		double y = ck_check_hvp("nest", hvp, grad, NULL, x, v, u, hv, N,
					0.75, -1.25);
		ck_equal_bits("primal", y, f(x, w, N));
	}
	return ck_done();
}
#endif
