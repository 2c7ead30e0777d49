// L2-regularised logistic regression: the loss in the weights w, with the
// data X (m x d, row-major) and labels t as inactive pointer inputs,
//   L(w) = sum_i log(1 + exp(z_i)) - t_i z_i + lambda/2 |w|^2, z = X w,
// has the hand-derived gradient X^T (p - t) + lambda w and Hessian
//   H = X^T diag(p (1 - p)) X + lambda I, p = 1 / (1 + exp(-z)).
// f_b_d against H v (1e-12) and Richardson differences of the hand
// gradient (CK_HVP_RTOL = 1e-7), the ret_bd * grad term separately,
// accumulation, symmetry; and the full Hessian column by column.  The data
// have no shadows: the signature carries w_d, w_b, w_bd only.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#pragma ck_hvp wrt(w)
double loss(const double *w, const double *X, const double *t, int m, int d,
	    double lambda)
{
	double l = 0.0;
	for (int i = 0; i < m; i++) {
		double z = 0.0;
		for (int j = 0; j < d; j++)
			z += X[i * d + j] * w[j];
		l += log(1.0 + exp(z)) - t[i] * z;
	}
	for (int j = 0; j < d; j++)
		l += 0.5 * lambda * w[j] * w[j];
	return l;
}
// CHECK-LABEL: double loss_b_d(const double *w, const double *w_d, double *w_b, double *w_bd, const double *X, const double *t, int m, int d, double lambda, double ret_b, double ret_bd)
// CHECK-NOT: {{[^_a-z]}}X_b
// CHECK-NOT: {{[^_a-z]}}t_b

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define M 9
#define D 4
#define LAMBDA 0.1

static double X[M * D], T[M];

static double sigmoid(double z)
{
	return 1 / (1 + exp(-z));
}

static void grad(const double *w, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int j = 0; j < n; j++)
		g[j] = LAMBDA * w[j];
	for (int i = 0; i < M; i++) {
		double z = 0;
		for (int j = 0; j < D; j++)
			z += X[i * D + j] * w[j];
		for (int j = 0; j < D; j++)
			g[j] += X[i * D + j] * (sigmoid(z) - T[i]);
	}
}

static void hessian(const double *w, double *H)
{
	for (int a = 0; a < D; a++)
		for (int b = 0; b < D; b++)
			H[a * D + b] = a == b ? LAMBDA : 0.0;
	for (int i = 0; i < M; i++) {
		double z = 0;
		for (int j = 0; j < D; j++)
			z += X[i * D + j] * w[j];
		double s = sigmoid(z) * (1 - sigmoid(z));
		for (int a = 0; a < D; a++)
			for (int b = 0; b < D; b++)
				H[a * D + b] += X[i * D + a] * s * X[i * D + b];
	}
}

static double hvp(const double *w, const double *wd, double *wb, double *wbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return loss_b_d(w, wd, wb, wbd, X, T, M, D, LAMBDA, rb, qb);
}

int main(void)
{
	double w[D], v[D], u[D], H[D * D], hv[D], Hcols[D * D];
	for (int i = 0; i < M; i++) {
		for (int j = 0; j < D; j++)
			X[i * D + j] = 2 * ck_rand();
		T[i] = ck_rand() > 0 ? 1.0 : 0.0;
	}
	for (int k = 0; k < 2; k++) {
		for (int j = 0; j < D; j++) {
			w[j] = ck_rand();
			v[j] = ck_rand();
			u[j] = ck_rand();
		}
		hessian(w, H);
		for (int a = 0; a < D; a++) {
			hv[a] = 0;
			for (int b = 0; b < D; b++)
				hv[a] += H[a * D + b] * v[b];
		}
		double y = ck_check_hvp("logistic", hvp, grad, NULL, w, v, u, hv,
					D, 1.0, 0.5);
		ck_equal_bits("primal", y, loss(w, X, T, M, D, LAMBDA));
		for (int b = 0; b < D; b++) {
			double e[D] = {0}, wb[D] = {0}, col[D] = {0};
			e[b] = 1;
			loss_b_d(w, e, wb, col, X, T, M, D, LAMBDA, 1.0, 0.0);
			for (int a = 0; a < D; a++)
				Hcols[a * D + b] = col[a];
		}
		ck_close_vec("full H = X^T diag(p(1-p)) X + lambda I", Hcols, H,
			     D * D, 1e-12);
	}
	return ck_done();
}
#endif
