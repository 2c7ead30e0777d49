/*
 * mlp.c - the loss of a small multilayer perceptron, the reverse-mode example
 * of ckc.
 *
 * Three dense layers 10 -> 20 -> 30 -> 40, relu after the first two, and the
 * cross-entropy of the softmax of the last layer against a target
 * distribution.  Every weight and bias is in one flat array w (layout in
 * mlp.h).  ckc generates mlp_loss_b, which returns the loss and adds its
 * gradient with respect to all 2090 weights and the 10 inputs to w_b and
 * x_b, in one reverse sweep.  The middle layer is a checkpoint region: it
 * is recomputed in the reverse sweep instead of taped.
 */
#include <math.h>

#include "mlp.h"

/* out = W in + b for the layer whose weights start at w: W is nout x nin,
 * row-major, and b follows it.  With relu set, negative outputs become 0. */
static void dense(const double *w, const double *in, double *out, int nin,
		  int nout, int relu)
{
	int i, j;

	for (i = 0; i < nout; i++) {
		double a = w[nout * nin + i];
		for (j = 0; j < nin; j++)
			a += w[i * nin + j] * in[j];
		if (relu && a < 0)
			a = 0;
		out[i] = a;
	}
}

#pragma ck_adjoint wrt(w, x)
double mlp_loss(const double *w, const double *x, const double *target)
{
	double h1[MLP_N1], h2[MLP_N2], z[MLP_N3];
	double zmax, sum, lse, loss;
	int k;

	dense(w + MLP_L1, x, h1, MLP_N0, MLP_N1, 1);
	/* A checkpoint region: mlp_loss_b's forward sweep saves what the
	 * middle layer reads and runs it without taping; the reverse sweep
	 * runs it again, taped, just before it needs that tape.  The
	 * gradient is bitwise the same, the tape smaller. */
#pragma ck_checkpoint
	dense(w + MLP_L2, h1, h2, MLP_N1, MLP_N2, 1);
	dense(w + MLP_L3, h2, z, MLP_N2, MLP_N3, 0);

	/* The cross-entropy sum_k target_k (lse - z_k), where lse is the log of
	 * sum_k exp(z_k); the largest z_k is taken out of the sum so that exp
	 * cannot overflow. */
	zmax = z[0];
	for (k = 1; k < MLP_N3; k++)
		if (z[k] > zmax)
			zmax = z[k];
	sum = 0;
	for (k = 0; k < MLP_N3; k++)
		sum += exp(z[k] - zmax);
	lse = zmax + log(sum);
	loss = 0;
	for (k = 0; k < MLP_N3; k++)
		loss += target[k] * (lse - z[k]);
	return loss;
}
