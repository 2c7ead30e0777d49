/*
 * lstm_malloc.c - lstm.c's stacked LSTM as it is often written: no fixed
 * maximum size, every buffer (hidden and cell states, the layer input,
 * the prediction, each cell's gates) from malloc or calloc and freed
 * before returning.  ckc differentiates it unchanged: each buffer of
 * active data gets a zeroed shadow buffer, and the reverse sweep frees
 * the buffers once it is done with them.  The model is lstm.c's.
 */
#include <math.h>
#include <stdlib.h>

#include "lstm_malloc.h"

static double sigmoid(double x)
{
	return 1.0 / (1.0 + exp(-x));
}

/* One step of the cell with weights W (4n x 2n) and bias (4n): reads x
 * and updates h and c. */
static void lstm_cell(int n, const double *W, const double *bias,
		      const double *x, double *h, double *c)
{
	double *gates = malloc(4 * n * sizeof *gates);
	int i, j;

	for (i = 0; i < 4 * n; i++) {
		const double *row = &W[i * 2 * n];
		double a = bias[i];
		for (j = 0; j < n; j++)
			a += row[j] * x[j] + row[n + j] * h[j];
		gates[i] = a;
	}
	for (i = 0; i < n; i++) {
		double forget = sigmoid(gates[i]);
		double input = sigmoid(gates[n + i]);
		double output = sigmoid(gates[2 * n + i]);
		double change = tanh(gates[3 * n + i]);
		c[i] = forget * c[i] + input * change;
		h[i] = output * tanh(c[i]);
	}
	free(gates);
}

/* y = out_w h + out_b */
static void predict(int n, const double *out_w, const double *out_b,
		    const double *h, double *y)
{
	int i, j;

	for (i = 0; i < n; i++) {
		y[i] = out_b[i];
		for (j = 0; j < n; j++)
			y[i] += out_w[i * n + j] * h[j];
	}
}

/* -sum_k target_k log softmax(y)_k */
static double cross_entropy(int n, const double *y, const double *target)
{
	double ymax = y[0], sum = 0.0, lse, loss = 0.0;
	int k;

	for (k = 1; k < n; k++)
		if (y[k] > ymax)
			ymax = y[k];
	for (k = 0; k < n; k++)
		sum += exp(y[k] - ymax);
	lse = ymax + log(sum);
	for (k = 0; k < n; k++)
		loss -= target[k] * (y[k] - lse);
	return loss;
}

#pragma ck_tangent wrt(W, bias, in_w, out_w, out_b, h0, c0)
#pragma ck_adjoint wrt(W, bias, in_w, out_w, out_b, h0, c0)
#pragma ck_hvp wrt(W, bias, in_w, out_w, out_b, h0, c0)
double lstm_malloc_loss(int nlayers, int n, int steps, const double *W,
			const double *bias, const double *in_w,
			const double *out_w, const double *out_b,
			const double *h0, const double *c0, const double *seq)
{
	double *h = malloc(nlayers * n * sizeof(double));
	double *c = malloc(nlayers * n * sizeof(double));
	double *x = (double *)malloc(n * sizeof *x);
	double *y = calloc(n, sizeof *y);
	double total = 0.0;
	int t, l, i;

	for (i = 0; i < nlayers * n; i++) {
		h[i] = h0[i];
		c[i] = c0[i];
	}
	for (t = 0; t < steps - 1; t++) {
		for (i = 0; i < n; i++)
			x[i] = in_w[i] * seq[t * n + i];
		for (l = 0; l < nlayers; l++)
			lstm_cell(n, &W[l * 8 * n * n], &bias[l * 4 * n],
				  l == 0 ? x : &h[(l - 1) * n], &h[l * n],
				  &c[l * n]);
		predict(n, out_w, out_b, &h[(nlayers - 1) * n], y);
		total += cross_entropy(n, y, &seq[(t + 1) * n]);
	}
	free(y);
	free(x);
	free(c);
	free(h);
	return total / (steps - 1);
}
