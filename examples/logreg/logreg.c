/*
 * logreg.c - the loss of L2-regularised logistic regression, an example of
 * ckc's reverse mode.
 *
 * n samples of d features, row-major in X, with labels y[i] = +1 or -1.  The
 * model's d weights and its bias (w[d]) give z = w . x + w[d] for a sample,
 * the probability 1 / (1 + exp(-z)) that its label is +1, and the loss
 *
 *     (1/n) sum_i log(1 + exp(-y_i z_i)) + lambda/2 sum_j<d w_j^2.
 *
 * ckc generates logreg_loss_b: the loss and its gradient with respect to
 * the d + 1 parameters in one reverse sweep over the data.
 */
#include <math.h>

#pragma ck_adjoint wrt(w)
double logreg_loss(const double *w, const double *X, const double *y, int n,
		   int d, double lambda)
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
