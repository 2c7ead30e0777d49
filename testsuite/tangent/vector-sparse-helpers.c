// ck_jacobian_sparse over the f_dv ckc writes for a 1-D residual of
// nonlinear diffusion (tridiagonal Jacobian, n = 40), and
// ck_hessian_sparse over the f_b_dv of a chain energy (tridiagonal
// Hessian, its upper triangle given): 3 colours whatever n, so
// ceil(3 / nd) calls instead of ceil(40 / nd), and every entry bitwise
// the dense helper's from the identity seeds (the other columns of a
// colour are exact zeros in the code's sums); the Jacobian against
// Richardson differences, the Hessian against differences of f_b.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// OUT: jacobian: 3 colours
// OUT: hessian: 3 colours
// OUT-NOT: FAIL
// OUT: 0 failed
#include <math.h>

#define N 40

#pragma ck_tangent wrt(u) out(r) vector
void residual(const double *u, double *r)
{
	const double h2 = 1.0 / ((N + 1) * (N + 1));
	for (int i = 0; i < N; i++) {
		double l = i > 0 ? u[i - 1] : 0.0;
		double rt = i < N - 1 ? u[i + 1] : 0.0;
		r[i] = l - 2 * u[i] + rt + h2 * exp(u[i]) * (1.0 + u[i] * rt);
	}
}

#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x) vector
double energy(const double *x)
{
	double s = 0.0;
	for (int i = 0; i + 1 < N; i++) {
		double d = x[i + 1] - x[i];
		s += 0.5 * d * d * (1.0 + 0.1 * x[i]);
	}
	for (int i = 0; i < N; i++)
		s += cos(x[i]);
	return s;
}

#ifdef CK_TEST_MAIN
#include <stdio.h>

#include "ckcheck.h"
#include "ckrt.h"

static int calls;

static void jac(void *ctx, const double *x, const double *x_dv, double *y,
		double *y_dv, int nd)
{
	(void)ctx;
	calls++;
	residual_dv(x, x_dv, y, y_dv, nd);
}

static void hess(void *ctx, const double *x, const double *x_dv, double *x_b,
		 double *x_bdv, int nd)
{
	double zeros[16] = { 0 };
	(void)ctx;
	calls++;
	energy_b_dv(x, x_dv, x_b, x_bdv, nd, 1.0, zeros);
}

/* r_i along direction e_j, for Richardson differences */
struct line {
	const double *u;
	int i, j;
};
static double along(double t, void *ctx)
{
	const struct line *l = ctx;
	double u[N], r[N];
	for (int k = 0; k < N; k++)
		u[k] = l->u[k];
	u[l->j] += t;
	residual(u, r);
	return r[l->i];
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	energy_b(x, g, 1.0);
}

int main(void)
{
	static const int nds[] = { 1, 2, 16 };
	static double J[N * N], H[N * N], vals[3 * N];
	int rows[3 * N], cols[3 * N], nnz = 0, up = 0;
	double u[N], y[N], y2[N];
	char name[128];

	for (int i = 0; i < N; i++)
		u[i] = 0.5 * sin(0.3 * i) + 0.1 * ck_rand();
	for (int i = 0; i < N; i++)
		for (int j = i - 1; j <= i + 1; j++)
			if (j >= 0 && j < N) {
				rows[nnz] = i;
				cols[nnz++] = j;
			}
	ck_jacobian(jac, NULL, N, N, u, 16, y, J);
	for (int t = 0; t < 3; t++) {
		calls = 0;
		int p = ck_jacobian_sparse(jac, NULL, N, N, u, nds[t], nnz,
					   rows, cols, y2, vals);
		if (t == 0)
			printf("jacobian: %d colours\n", p);
		snprintf(name, sizeof name,
			 "jacobian nd=%d: %d calls for 3 colours", nds[t],
			 calls);
		ck_check(name, p == 3 && calls == (3 + nds[t] - 1) / nds[t]);
		int same = 1;
		for (int e = 0; e < nnz; e++)
			same &= vals[e] == J[rows[e] * N + cols[e]];
		snprintf(name, sizeof name,
			 "jacobian nd=%d: every entry the dense helper's",
			 nds[t]);
		ck_check(name, same);
		snprintf(name, sizeof name, "jacobian nd=%d: y is f's",
			 nds[t]);
		ck_check(name, memcmp(y, y2, sizeof y) == 0);
	}
	for (int e = 0; e < nnz; e += 7) {
		struct line l = { u, rows[e], cols[e] };
		snprintf(name, sizeof name,
			 "jacobian J[%d][%d] vs differences", rows[e],
			 cols[e]);
		ck_close(name, vals[e], ck_richardson(along, &l, CK_FD_H),
			 1e-7);
	}

	/* the Hessian from its upper triangle */
	for (int i = 0; i < N; i++) {
		rows[up] = i;
		cols[up++] = i;
		if (i + 1 < N) {
			rows[up] = i;
			cols[up++] = i + 1;
		}
	}
	double g[N], g2[N];
	ck_hessian(hess, NULL, N, u, 16, g, H);
	for (int t = 0; t < 3; t++) {
		calls = 0;
		int p = ck_hessian_sparse(hess, NULL, N, u, nds[t], up, rows,
					  cols, g2, vals);
		if (t == 0)
			printf("hessian: %d colours\n", p);
		snprintf(name, sizeof name,
			 "hessian nd=%d: %d calls for 3 colours", nds[t],
			 calls);
		ck_check(name, p == 3 && calls == (3 + nds[t] - 1) / nds[t]);
		int same = 1;
		for (int e = 0; e < up; e++)
			same &= vals[e] == H[rows[e] * N + cols[e]];
		snprintf(name, sizeof name,
			 "hessian nd=%d: every entry the dense helper's",
			 nds[t]);
		ck_check(name, same);
		snprintf(name, sizeof name, "hessian nd=%d: g is the gradient",
			 nds[t]);
		ck_check(name, memcmp(g, g2, sizeof g) == 0);
	}
	/* column j of H against differences of the gradient */
	for (int j = 0; j < N; j += 13) {
		double e[N] = { 0 }, hfd[N];
		e[j] = 1.0;
		ck_hvp_richardson(grad, NULL, u, e, N, CK_FD_H, hfd);
		for (int k = 0; k < up; k++)
			if (cols[k] == j) {
				snprintf(name, sizeof name,
					 "hessian H[%d][%d] vs differences",
					 rows[k], j);
				ck_close(name, vals[k], hfd[rows[k]], 1e-7);
			}
	}
	return ck_done();
}
#endif
