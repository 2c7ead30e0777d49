/*
 * lstm.c - the loss of a stacked LSTM that predicts each vector of a
 * sequence from the ones before it.
 *
 * A cell of state size n with input x, hidden state h and cell state c:
 *
 *     f = sigmoid(Wf [x; h] + bf)       forget gate
 *     i = sigmoid(Wi [x; h] + bi)       input gate
 *     o = sigmoid(Wo [x; h] + bo)       output gate
 *     g = tanh(Wg [x; h] + bg)          candidate
 *     c = f * c + i * g,  h = o * tanh(c)
 *
 * The first layer's input is the sequence's vector scaled by in_w, each
 * other layer's the hidden state of the layer below; the prediction from
 * the top layer's hidden state is y = out_w h + out_b, and the loss of a
 * step the cross-entropy -sum_k next_k log softmax(y)_k against the next
 * vector of the sequence.  The layout of the parameters is in lstm.h.
 */
#include <math.h>

#include "lstm.h"

static double sigmoid(double x)
{
	return 1.0 / (1.0 + exp(-x));
}

/* One step of the cell with weights W (4n x 2n) and bias (4n): reads x
 * and updates h and c. */
static void lstm_cell(int n, const double *W, const double *bias,
		      const double *x, double *h, double *c)
{
	double gates[4 * LSTM_MAXN];
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

/* -sum_k target_k log softmax(y)_k, with the largest y_k taken out of the
 * exponentials */
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

#pragma ck_tangent wrt(W, bias, in_w, out_w, out_b, h, c) out(h, c)
#pragma ck_adjoint wrt(W, bias, in_w, out_w, out_b, h, c) out(h, c)
#pragma ck_hvp wrt(W, bias, in_w, out_w, out_b, h, c) out(h, c)
double lstm_loss(int nlayers, int n, int steps, const double *W,
		 const double *bias, const double *in_w, const double *out_w,
		 const double *out_b, double *h, double *c, const double *seq)
{
	double x[LSTM_MAXN], y[LSTM_MAXN];
	double total = 0.0;
	int t, l, i;

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
	return total / (steps - 1);
}
