/*
 * logistic.c - the loss of L2-regularised logistic regression, the model of
 * the Newton-CG example: ckc's gradient (f_b) and Hessian-vector product
 * (f_b_d) of one function.
 *
 * n samples of d features, row-major in X, with labels y[i] = +1 or -1.  The
 * d weights and the bias w[d] give z = w . x + w[d] for a sample and the
 * loss
 *
 *     (1/n) sum_i log(1 + exp(-y_i z_i)) + lambda/2 sum_j<d w_j^2,
 *
 * which is smooth and, with lambda > 0, strictly convex: Newton's method
 * converges quadratically from any start.
 */
#include <math.h>

#pragma ck_adjoint wrt(w)
#pragma ck_hvp wrt(w)
double logistic_loss(const double *w, const double *X, const double *y,
		     int n, int d, double lambda)
{
	double loss = 0, reg = 0;
	int i, j;

	for (i = 0; i < n; i++) {
		double z = w[d], m;
		for (j = 0; j < d; j++)
			z += w[j] * X[i * d + j];
		/* log(1 + exp(m)) for m = -y z, without overflow for large m */
		m = -y[i] * z;
		if (m > 0)
			loss += m + log1p(exp(-m));
		else
			loss += log1p(exp(m));
	}
	for (j = 0; j < d; j++)
		reg += w[j] * w[j];
	return loss / n + 0.5 * lambda * reg;
}
