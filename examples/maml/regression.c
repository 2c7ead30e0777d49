/*
 * regression.c - the model of the MAML example: a small tanh network of one
 * input, fit by least squares.  ckc differentiates its loss twice: the
 * gradient (f_b) for the inner and outer steps, and Hessian-vector products
 * (f_b_d) for the meta-gradient.
 *
 * The network has H hidden units and 3 H + 1 parameters, in one array w:
 * input weights a = w[0..H-1], hidden biases b = w[H..2H-1], output weights
 * c = w[2H..3H-1] and the output bias w[3H]:
 *
 *     net(w, x) = w[3H] + sum_k c_k tanh(a_k x + b_k).
 */
#include <math.h>

#include "regression.h"

static double net(const double *w, double x)
{
	double out = w[3 * H];
	int k;

	for (k = 0; k < H; k++)
		out += w[2 * H + k] * tanh(w[k] * x + w[H + k]);
	return out;
}

/* The mean squared error of the network on the n points (x[i], y[i]). */
#pragma ck_adjoint wrt(w)
#pragma ck_hvp wrt(w)
double regression_loss(const double *w, const double *x, const double *y,
		       int n)
{
	double sum = 0;
	int i;

	for (i = 0; i < n; i++) {
		double e = net(w, x[i]) - y[i];
		sum += e * e;
	}
	return sum / n;
}
