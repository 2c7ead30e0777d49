/*
 * deepnet.c - a deep tanh network, a benchmark kernel of ckc: h = tanh(W h +
 * b) over DN_LAYERS = 16 layers of width DN_WIDTH = 64, one W and one b
 * shared by all layers, loss = the sum of the final h; the gradient is with
 * respect to W, b and the input h0.
 *
 * Each layer is a helper that takes pointers (the caller keeps h and next
 * and copies next into h after each call).  deepnet_inline.c is the same
 * computation written inline: the two give the same numbers, and their
 * memory and time show what the helper calls cost.
 */
#include <math.h>

#define DN_WIDTH 64
#define DN_LAYERS 16

static void layer(const double *W, const double *b, const double *h,
		  double *next)
{
	int i, j;

	for (i = 0; i < DN_WIDTH; i++) {
		double s = b[i];
		for (j = 0; j < DN_WIDTH; j++)
			s += W[i * DN_WIDTH + j] * h[j];
		next[i] = tanh(s);
	}
}

#pragma ck_adjoint wrt(W, b, h0)
#pragma ck_hvp wrt(W, b, h0)
double deepnet(const double *W, const double *b, const double *h0)
{
	double h[DN_WIDTH], next[DN_WIDTH], f = 0;
	int l, i;

	for (i = 0; i < DN_WIDTH; i++)
		h[i] = h0[i];
	for (l = 0; l < DN_LAYERS; l++) {
		layer(W, b, h, next);
		for (i = 0; i < DN_WIDTH; i++)
			h[i] = next[i];
	}
	for (i = 0; i < DN_WIDTH; i++)
		f += h[i];
	return f;
}
