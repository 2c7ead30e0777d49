/*
 * main.c - derivatives of a misfit through a linear solve that ckc never
 * sees (misfit.c calls solve() from linsolve.c; #pragma ck_derivative
 * names its hand-written derivatives):
 *
 *   ckc misfit.c -o misfit_grad.c
 *   cc -std=c99 main.c misfit.c linsolve.c misfit_grad.c -lckrt -lm
 *
 * At a fixed point p = (theta, b) and random directions v, u it checks
 *   - the gradient of misfit_b against Richardson-extrapolated central
 *     differences of misfit along v (relative 1e-8);
 *   - the tangent misfit_d against the gradient: grad . v (1e-12);
 *   - H v from misfit_b_d against central differences of gradients along
 *     v (1e-7), and u . (H v) against v . (H u) (1e-10);
 * prints one line and exits with status 1 when a check fails.
 */
#include <math.h>
#include <stdio.h>

#include "misfit_grad.h"

#define N 4
#define P (2 * N) /* theta, then b */

double misfit(const double *K, const double *theta, const double *b,
	      const double *t);

static double K[N * N], t[N], p0[P];

static unsigned long long rng_state = 7;

/* A uniform number in [-1, 1) (a 64-bit LCG: the same everywhere). */
static double uniform(void)
{
	rng_state =
		rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rng_state >> 11) / 4503599627370496.0 - 1.0;
}

static double f_at(const double *p)
{
	return misfit(K, p, p + N, t);
}

/* g = the gradient at p (misfit_b); returns the misfit. */
static double grad(const double *p, double *g)
{
	for (int i = 0; i < P; i++)
		g[i] = 0.0;
	return misfit_b(K, p, g, p + N, g + N, t, 1.0);
}

/* H v at p (misfit_b_d with ret_b = 1, ret_bd = 0). */
static void hess_vec(const double *p, const double *v, double *hv)
{
	double g[P] = {0};
	for (int i = 0; i < P; i++)
		hv[i] = 0.0;
	misfit_b_d(K, p, v, g, hv, p + N, v + N, g + N, hv + N, t, 1.0, 0.0);
}

/* d/dh f(p + h v) at 0: Richardson extrapolation of central differences
 * with steps h and h/2. */
static double fd_dir(const double *v, double h)
{
	double q[P], d[2];
	for (int k = 0; k < 2; k++, h /= 2) {
		for (int i = 0; i < P; i++)
			q[i] = p0[i] + h * v[i];
		double fp = f_at(q);
		for (int i = 0; i < P; i++)
			q[i] = p0[i] - h * v[i];
		d[k] = (fp - f_at(q)) / (2 * h);
	}
	return (4 * d[1] - d[0]) / 3;
}

/* H v by Richardson-extrapolated central differences of gradients. */
static void fd_hess_vec(const double *v, double h, double *hv)
{
	double q[P], gp[P], gm[P], d[2][P];
	for (int k = 0; k < 2; k++, h /= 2) {
		for (int i = 0; i < P; i++)
			q[i] = p0[i] + h * v[i];
		grad(q, gp);
		for (int i = 0; i < P; i++)
			q[i] = p0[i] - h * v[i];
		grad(q, gm);
		for (int i = 0; i < P; i++)
			d[k][i] = (gp[i] - gm[i]) / (2 * h);
	}
	for (int i = 0; i < P; i++)
		hv[i] = (4 * d[1][i] - d[0][i]) / 3;
}

static double rel(double got, double want)
{
	double m = fabs(want) > 1e-300 ? fabs(want) : 1e-300;
	return fabs(got - want) / m;
}

static double dot(const double *a, const double *b)
{
	double s = 0.0;
	for (int i = 0; i < P; i++)
		s += a[i] * b[i];
	return s;
}

int main(void)
{
	double v[P], u[P], g[P], hv[P], hu[P], fdhv[P], d, y, maxerr = 0, scale = 0;
	int fails = 0;
	for (int i = 0; i < N; i++) {
		for (int j = 0; j < N; j++)
			K[i * N + j] = 0.3 * uniform();
		K[i * N + i] += 1.0;
		t[i] = uniform();
		p0[i] = 0.5 * uniform();  /* theta */
		p0[N + i] = uniform();    /* b */
	}
	for (int i = 0; i < P; i++) {
		v[i] = uniform();
		u[i] = uniform();
	}
	y = grad(p0, g);
	if (y != f_at(p0)) {
		printf("FAIL: misfit_b's primal differs from misfit's\n");
		fails++;
	}
	double fd = fd_dir(v, 1e-3);
	if (rel(dot(g, v), fd) > 1e-8) {
		printf("FAIL: grad . v = %.17g, differences %.17g\n", dot(g, v), fd);
		fails++;
	}
	misfit_d(K, p0, v, p0 + N, v + N, t, &d);
	if (rel(d, dot(g, v)) > 1e-12) {
		printf("FAIL: tangent %.17g, grad . v %.17g\n", d, dot(g, v));
		fails++;
	}
	hess_vec(p0, v, hv);
	hess_vec(p0, u, hu);
	fd_hess_vec(v, 1e-3, fdhv);
	for (int i = 0; i < P; i++) {
		if (fabs(fdhv[i]) > scale)
			scale = fabs(fdhv[i]);
		if (fabs(hv[i] - fdhv[i]) > maxerr)
			maxerr = fabs(hv[i] - fdhv[i]);
	}
	if (maxerr > 1e-7 * scale) {
		printf("FAIL: H v differs from differences of gradients by %g\n",
		       maxerr / scale);
		fails++;
	}
	if (rel(dot(u, hv), dot(v, hu)) > 1e-10) {
		printf("FAIL: u.(H v) = %.17g, v.(H u) = %.17g\n", dot(u, hv),
		       dot(v, hu));
		fails++;
	}
	if (fails)
		return 1;
	printf("ok: misfit %.6f through solve(); gradient, tangent and H v "
	       "agree with finite differences\n",
	       y);
	return 0;
}
