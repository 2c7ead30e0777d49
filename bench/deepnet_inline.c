/*
 * deepnet_inline.c - the deep tanh network of deepnet.c with each layer
 * written inline in the layer loop instead of a helper: the same
 * computation, operation for operation, so the same numbers.
 */
#include <math.h>

#define DN_WIDTH 64
#define DN_LAYERS 16

#pragma ck_adjoint wrt(W, b, h0)
#pragma ck_hvp wrt(W, b, h0)
double deepnet_inline(const double *W, const double *b, const double *h0)
{
	double h[DN_WIDTH], next[DN_WIDTH], f = 0;
	int l, i, j;

	for (i = 0; i < DN_WIDTH; i++)
		h[i] = h0[i];
	for (l = 0; l < DN_LAYERS; l++) {
		for (i = 0; i < DN_WIDTH; i++) {
			double s = b[i];
			for (j = 0; j < DN_WIDTH; j++)
				s += W[i * DN_WIDTH + j] * h[j];
			next[i] = tanh(s);
		}
		for (i = 0; i < DN_WIDTH; i++)
			h[i] = next[i];
	}
	for (i = 0; i < DN_WIDTH; i++)
		f += h[i];
	return f;
}
