/*
 * gmm.c - fitting a Gaussian mixture model: the negative log-likelihood of
 * the data with a Wishart prior on the inverse covariances.
 *
 * Component j has log-weight alpha_j (the weights are softmax(alpha)), a
 * mean mu_j and an inverse covariance Q_j^T Q_j, where Q_j is lower
 * triangular with diagonal exp(q_j) (so that it is invertible and
 * log det Q_j = sum q_j) and a free strictly lower part L_j.  Then
 *
 *   -log p(x_i) = (d/2) log(2 pi) + logsumexp(alpha)
 *                 - logsumexp_j(alpha_j + sum q_j
 *                               - |Q_j (x_i - mu_j)|^2 / 2)
 *
 * and the Wishart prior with scale gamma and d + m + 1 degrees of freedom
 * adds, per component,
 *
 *   gamma^2 / 2 |Q_j|_F^2 - m sum q_j - C,
 *   C = (d + m + 1) d (log gamma - log(2) / 2) - log Gamma_d((d + m + 1) / 2)
 *
 * (Gamma_d the multivariate gamma function).  The layout of icf is in
 * gmm.h.
 */
#include <math.h>

#include "gmm.h"

#define GMM_LOG_2PI 1.8378770664093454836 /* log(2 pi) */
#define GMM_LOG_PI 1.1447298858494001741  /* log(pi) */

/* log sum_i exp(v_i), with the largest v_i taken out of the exponentials */
static double logsumexp(const double *v, int n)
{
	double vmax = v[0], sum = 0.0;
	int i;

	for (i = 1; i < n; i++)
		if (v[i] > vmax)
			vmax = v[i];
	for (i = 0; i < n; i++)
		sum += exp(v[i] - vmax);
	return vmax + log(sum);
}

/* log Gamma_d(a) = d (d - 1) / 4 log(pi) + sum_j=1..d lgamma(a + (1 - j) / 2) */
static double log_multigamma(double a, int d)
{
	double r = 0.25 * d * (d - 1) * GMM_LOG_PI;
	int j;

	for (j = 1; j <= d; j++)
		r += lgamma(a + 0.5 * (1 - j));
	return r;
}

/* out = Q (x - mu) for Q with log-diagonal q and strictly lower part l
 * (packed row by row), of dimension d */
static void q_times_centered(int d, const double *q, const double *l,
			     const double *x, const double *mu, double *out)
{
	double xc[GMM_MAXD];
	int i, j;

	for (i = 0; i < d; i++)
		xc[i] = x[i] - mu[i];
	for (i = 0; i < d; i++) {
		const double *row = &l[i * (i - 1) / 2];
		double s = exp(q[i]) * xc[i];
		for (j = 0; j < i; j++)
			s += row[j] * xc[j];
		out[i] = s;
	}
}

/* The negative log of the Wishart prior over the k components. */
static double wishart_penalty(int d, int k, const double *icf, Wishart w)
{
	int nu = d + w.m + 1, sz = GMM_ICF_SIZE(d);
	double C = nu * d * (log(w.gamma) - 0.5 * log(2.0)) -
		   log_multigamma(0.5 * nu, d);
	double total = 0.0;
	int j, i;

	for (j = 0; j < k; j++) {
		const double *q = &icf[j * sz];
		double frob = 0.0, logdet = 0.0;
		for (i = 0; i < d; i++) {
			frob += exp(2.0 * q[i]);
			logdet += q[i];
		}
		for (i = d; i < sz; i++)
			frob += q[i] * q[i];
		total += 0.5 * w.gamma * w.gamma * frob - w.m * logdet;
	}
	return total - k * C;
}

#pragma ck_tangent wrt(alphas, means, icf)
#pragma ck_adjoint wrt(alphas, means, icf)
#pragma ck_hvp wrt(alphas, means, icf)
double gmm_objective(int d, int k, int n, const double *alphas,
		     const double *means, const double *icf, const double *x,
		     Wishart wishart)
{
	int sz = GMM_ICF_SIZE(d);
	double logdet[GMM_MAXK], term[GMM_MAXK], Qx[GMM_MAXD];
	double sum_lse = 0.0;
	int i, j, c;

	for (j = 0; j < k; j++) {
		logdet[j] = 0.0;
		for (c = 0; c < d; c++)
			logdet[j] += icf[j * sz + c];
	}
	for (i = 0; i < n; i++) {
		for (j = 0; j < k; j++) {
			double sq = 0.0;
			q_times_centered(d, &icf[j * sz], &icf[j * sz + d],
					 &x[i * d], &means[j * d], Qx);
			for (c = 0; c < d; c++)
				sq += Qx[c] * Qx[c];
			term[j] = alphas[j] + logdet[j] - 0.5 * sq;
		}
		sum_lse += logsumexp(term, k);
	}
	return 0.5 * n * d * GMM_LOG_2PI + n * logsumexp(alphas, k) - sum_lse +
	       wishart_penalty(d, k, icf, wishart);
}
