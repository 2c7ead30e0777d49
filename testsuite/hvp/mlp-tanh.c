// A two-layer tanh network's squared loss over a small batch, in all its
// parameters theta = (W1 [NH x D], b1 [NH], w2 [NH], b2):
//   a = W1 x + b1, h = tanh(a), o = w2 . h + b2, L = sum 0.5 (o - t)^2.
// f_b_d's H v against a hand-written R-operator (Pearlmutter's forward
// pass of the directional derivative through the hand gradient, 1e-12),
// also column by column for the whole Hessian,
// against Richardson differences of the f_b gradient of the same function
// (CK_HVP_RTOL = 1e-7), the ret_bd * grad term, accumulation, symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#define D 3
#define NH 4
#define NP (NH * D + NH + NH + 1)

#pragma ck_adjoint wrt(theta)
#pragma ck_hvp wrt(theta)
double mlp_loss(const double *theta, const double *X, const double *t, int m)
{
	double h[NH];
	double l = 0.0;
	for (int s = 0; s < m; s++) {
		double o = theta[NP - 1];
		for (int k = 0; k < NH; k++) {
			double a = theta[NH * D + k];
			for (int j = 0; j < D; j++)
				a += theta[k * D + j] * X[s * D + j];
			h[k] = tanh(a);
			o += theta[NH * D + NH + k] * h[k];
		}
		l += 0.5 * (o - t[s]) * (o - t[s]);
	}
	return l;
}
// CHECK-DAG: double mlp_loss_b_d(const double *theta, const double *theta_d, double *theta_b, double *theta_bd, const double *X, const double *t, int m, double ret_b, double ret_bd)
// CHECK-DAG: double mlp_loss_b(const double *theta, double *theta_b, const double *X, const double *t, int m, double ret_b)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define M 3

static double X[M * D], T[M];

/* the gradient from f_b */
static void grad_b(const double *th, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0;
	mlp_loss_b(th, g, X, T, M, 1.0);
}

/* by hand: g = dL/dtheta and hv = R{g} along v */
static void hand(const double *th, const double *v, double *g, double *hv)
{
	const double *W1 = th, *b1 = th + NH * D, *w2 = th + NH * D + NH;
	const double *VW1 = v, *Vb1 = v + NH * D, *Vw2 = v + NH * D + NH;
	double Vb2 = v[NP - 1];
	for (int i = 0; i < NP; i++)
		g[i] = hv[i] = 0;
	for (int s = 0; s < M; s++) {
		const double *x = X + s * D;
		double h[NH], Rh[NH], o = th[NP - 1], Ro = Vb2;
		for (int k = 0; k < NH; k++) {
			double a = b1[k], Ra = Vb1[k];
			for (int j = 0; j < D; j++) {
				a += W1[k * D + j] * x[j];
				Ra += VW1[k * D + j] * x[j];
			}
			h[k] = tanh(a);
			Rh[k] = (1 - h[k] * h[k]) * Ra;
			o += w2[k] * h[k];
			Ro += Vw2[k] * h[k] + w2[k] * Rh[k];
		}
		double r = o - T[s], Rr = Ro;
		g[NP - 1] += r;
		hv[NP - 1] += Rr;
		for (int k = 0; k < NH; k++) {
			double sk = 1 - h[k] * h[k];
			double ga = r * w2[k] * sk;
			double Rga = Rr * w2[k] * sk + r * Vw2[k] * sk -
				     r * w2[k] * 2 * h[k] * Rh[k];
			g[NH * D + NH + k] += r * h[k];
			hv[NH * D + NH + k] += Rr * h[k] + r * Rh[k];
			g[NH * D + k] += ga;
			hv[NH * D + k] += Rga;
			for (int j = 0; j < D; j++) {
				g[k * D + j] += ga * x[j];
				hv[k * D + j] += Rga * x[j];
			}
		}
	}
}

static double hvp(const double *th, const double *thd, double *thb,
		  double *thbd, double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return mlp_loss_b_d(th, thd, thb, thbd, X, T, M, rb, qb);
}

int main(void)
{
	double th[NP], v[NP], u[NP], g[NP], hv[NP], gb[NP];
	for (int i = 0; i < M * D; i++)
		X[i] = 1.5 * ck_rand();
	for (int s = 0; s < M; s++)
		T[s] = ck_rand();
	for (int k = 0; k < 2; k++) {
		for (int i = 0; i < NP; i++) {
			th[i] = 0.8 * ck_rand();
			v[i] = ck_rand();
			u[i] = ck_rand();
		}
		hand(th, v, g, hv);
		grad_b(th, gb, NP, NULL);
		ck_close_vec("f_b gradient vs hand", gb, g, NP, 1e-12);
		double y = ck_check_hvp("mlp", hvp, grad_b, NULL, th, v, u, hv,
					NP, 1.0, -0.5);
		ck_equal_bits("primal", y, mlp_loss(th, X, T, M));
	}
	/* the full Hessian, column by column, against the hand R-operator
	 * applied to unit vectors */
	int cols_ok = 1;
	for (int c = 0; c < NP; c++) {
		double e[NP], b[NP], bd[NP];
		for (int i = 0; i < NP; i++)
			e[i] = b[i] = bd[i] = 0.0;
		e[c] = 1.0;
		hand(th, e, g, hv);
		mlp_loss_b_d(th, e, b, bd, X, T, M, 1.0, 0.0);
		for (int i = 0; i < NP; i++)
			if (fabs(bd[i] - hv[i]) > 1e-12 * (1.0 + fabs(hv[i])))
				cols_ok = 0;
	}
	ck_check("full Hessian (21 columns) vs hand", cols_ok);
	return ck_done();
}
#endif
