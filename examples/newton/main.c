/*
 * main.c - Newton's method with conjugate gradients (Newton-CG) on a
 * logistic regression: the gradient from ckc's adjoint logistic_loss_b, the
 * Hessian only through Hessian-vector products from ckc's second-order
 * adjoint logistic_loss_b_d.  The Hessian is never formed.
 *
 *   ckc logistic.c -o logistic_grad.c
 *   cc -std=c99 -O2 main.c logistic.c logistic_grad.c -lckrt -lm
 *
 * First, at a random point and along a random direction v, H v from
 * logistic_loss_b_d is compared with Richardson-extrapolated central
 * differences of gradients from logistic_loss_b along v, and the gradient
 * logistic_loss_b_d gives along with H v with logistic_loss_b's.
 *
 * Then Newton's method from w = 0: each step solves H p = -g by conjugate
 * gradients (one product H v per iteration), to a residual below
 * min(1/2, |g|) |g| (so the convergence stays quadratic), and takes the
 * step p, halved while it does not decrease the loss enough (Armijo).  It
 * prints the loss, the gradient's norm and the CG iterations per step, and
 * stops when the gradient's norm is below 1e-10.
 *
 * Exits with status 1 when H v and the differences of gradients differ by
 * more than 1e-7 (relative), when the gradients differ, or when Newton does
 * not reach 1e-10 in 20 steps.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "logistic_grad.h"

#define N 500 /* samples */
#define D 20  /* features; the model has D weights and a bias */
#define P (D + 1)
#define MAX_NEWTON 20

double logistic_loss(const double *w, const double *X, const double *y,
		     int n, int d, double lambda);

static const double lambda = 1e-3;
static double X[N * D], y[N];
static long hvps; /* Hessian-vector products so far */

static unsigned long long rng_state = 11;

/* A uniform number in [-1, 1) from a 64-bit linear congruential generator
 * (Knuth's MMIX constants): the same on every machine. */
static double uniform(void)
{
	rng_state =
		rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rng_state >> 11) / 4503599627370496.0 - 1.0;
}

/* Features uniform in [-1, 1); the label is the sign of a hidden model's z,
 * flipped for one sample in eight, so that the classes overlap. */
static void make_data(void)
{
	double hidden[P];
	int i, j;

	for (j = 0; j < P; j++)
		hidden[j] = 2 * uniform();
	for (i = 0; i < N; i++) {
		double z = hidden[D];
		for (j = 0; j < D; j++)
			z += hidden[j] * (X[i * D + j] = uniform());
		y[i] = z > 0 ? 1.0 : -1.0;
		if (i % 8 == 5)
			y[i] = -y[i];
	}
}

static double loss(const double *w)
{
	return logistic_loss(w, X, y, N, D, lambda);
}

/* The loss, and its gradient g (overwritten) at w, from the adjoint. */
static double gradient(const double *w, double *g)
{
	memset(g, 0, P * sizeof *g); /* the adjoint accumulates */
	return logistic_loss_b(w, g, X, y, N, D, lambda, 1.0);
}

/* hv = H(w) v (overwritten) from the second-order adjoint: with the seeds
 * ret_b = 1 and ret_bd = 0, w_bd receives H v and w_b the gradient (into
 * g when it is not NULL). */
static double hessian_times(const double *w, const double *v, double *hv,
			    double *g)
{
	double w_b[P];
	double f;

	memset(w_b, 0, sizeof w_b);
	memset(hv, 0, P * sizeof *hv);
	f = logistic_loss_b_d(w, v, w_b, hv, X, y, N, D, lambda, 1.0, 0.0);
	if (g)
		memcpy(g, w_b, sizeof w_b);
	hvps++;
	return f;
}

static double dot(const double *a, const double *b)
{
	double s = 0;
	int j;

	for (j = 0; j < P; j++)
		s += a[j] * b[j];
	return s;
}

/* max_j |a_j - b_j| / max_j |b_j| */
static double rel_err(const double *a, const double *b)
{
	double num = 0, den = 0;
	int j;

	for (j = 0; j < P; j++) {
		num = fmax(num, fabs(a[j] - b[j]));
		den = fmax(den, fabs(b[j]));
	}
	return den > 0 ? num / den : num;
}

/* H v at w by differences of gradients: (4 D(h/2) - D(h)) / 3 with
 * D(h) = (g(w + h v) - g(w - h v)) / 2h. */
static void hv_by_differences(const double *w, const double *v, double *fd)
{
	static const double t[4] = { 1, -1, 0.5, -0.5 };
	const double h = 1e-3;
	double wt[P], g[4][P];
	int k, j;

	for (k = 0; k < 4; k++) {
		for (j = 0; j < P; j++)
			wt[j] = w[j] + t[k] * h * v[j];
		gradient(wt, g[k]);
	}
	for (j = 0; j < P; j++)
		fd[j] = (4 * (g[2][j] - g[3][j]) / h -
			 (g[0][j] - g[1][j]) / (2 * h)) /
			3;
}

/* Conjugate gradients for H p = -g at w, from p = 0, until the residual is
 * below tol; returns the iterations (products H v) it took. */
static int cg(const double *w, const double *g, double *p, double tol)
{
	double r[P], s[P], hs[P];
	double rr, alpha, beta, rr_new;
	int j, it;

	for (j = 0; j < P; j++) {
		p[j] = 0;
		r[j] = -g[j]; /* r = -g - H p */
		s[j] = r[j];
	}
	rr = dot(r, r);
	for (it = 0; it < 4 * P && sqrt(rr) > tol; it++) {
		hessian_times(w, s, hs, NULL);
		alpha = rr / dot(s, hs);
		for (j = 0; j < P; j++) {
			p[j] += alpha * s[j];
			r[j] -= alpha * hs[j];
		}
		rr_new = dot(r, r);
		beta = rr_new / rr;
		rr = rr_new;
		for (j = 0; j < P; j++)
			s[j] = r[j] + beta * s[j];
	}
	return it;
}

/* Checks logistic_loss_b_d at a random point along a random direction. */
static int check_hvp(void)
{
	double w[P], v[P], hv[P], fd[P], g_bd[P], g_b[P];
	double f_bd, f_b, err;
	int j;

	for (j = 0; j < P; j++) {
		w[j] = 0.5 * uniform();
		v[j] = uniform();
	}
	f_bd = hessian_times(w, v, hv, g_bd);
	f_b = gradient(w, g_b);
	hv_by_differences(w, v, fd);
	err = rel_err(hv, fd);
	printf("check at a random point, along a random direction v:\n");
	printf("  H v (logistic_loss_b_d) vs differences of gradients "
	       "(logistic_loss_b): %.1e\n",
	       err);
	printf("  H v[0] = %.12g, by differences %.12g\n", hv[0], fd[0]);
	if (f_bd != loss(w) || f_b != loss(w)) {
		printf("FAIL: the derivatives' loss differs from "
		       "logistic_loss's\n");
		return 0;
	}
	if (memcmp(g_bd, g_b, sizeof g_b)) {
		printf("FAIL: the gradients of logistic_loss_b_d and "
		       "logistic_loss_b differ (%.1e)\n",
		       rel_err(g_bd, g_b));
		return 0;
	}
	printf("  the gradient from logistic_loss_b_d is bitwise "
	       "logistic_loss_b's\n");
	if (!(err <= 1e-7)) {
		printf("FAIL: H v and differences of gradients differ by more "
		       "than 1e-7\n");
		return 0;
	}
	return 1;
}

int main(void)
{
	double w[P] = { 0 }, g[P], p[P], wt[P];
	double f, norm, slope, t;
	int step, j, iters;

	make_data();
	printf("Newton-CG on a logistic regression: %d samples, %d features, "
	       "lambda = %g\n",
	       N, D, lambda);
	if (!check_hvp())
		return 1;
	hvps = 0;

	printf("step  loss                 |gradient|   CG iterations  "
	       "step length\n");
	f = gradient(w, g);
	for (step = 0;; step++) {
		norm = sqrt(dot(g, g));
		printf("%-5d %-20.15g %.3e", step, f, norm);
		if (norm < 1e-10 || step == MAX_NEWTON) {
			printf("\n");
			break;
		}
		iters = cg(w, g, p, fmin(0.5, norm) * norm);
		/* Armijo backtracking: halve t until the loss decreases by at
		 * least 1e-4 t |g . p|; p is a descent direction since H is
		 * positive definite. */
		slope = dot(g, p);
		for (t = 1;; t /= 2) {
			for (j = 0; j < P; j++)
				wt[j] = w[j] + t * p[j];
			if (loss(wt) <= f + 1e-4 * t * slope || t < 1e-10)
				break;
		}
		printf("    %-14d %g\n", iters, t);
		memcpy(w, wt, sizeof w);
		f = gradient(w, g);
	}
	if (!(norm < 1e-10)) {
		printf("FAIL: |gradient| = %.3e after %d Newton steps\n", norm,
		       step);
		return 1;
	}
	printf("ok: |gradient| < 1e-10 after %d Newton steps, %ld "
	       "Hessian-vector products; loss %.12g\n",
	       step, hvps, f);
	return 0;
}
