/*
 * lstm_malloc.h - lstm.c's stacked LSTM written with malloc'd buffers:
 * the parameters are laid out as in lstm.h.
 */
#ifndef CKC_KERNELS_LSTM_MALLOC_H
#define CKC_KERNELS_LSTM_MALLOC_H

/* The loss of lstm.h's lstm_loss from the initial states h0 and c0
 * (nlayers x n each), which it does not change: the states live in
 * buffers it allocates, as do the layer input, the prediction and each
 * cell's gates. */
double lstm_malloc_loss(int nlayers, int n, int steps, const double *W,
			const double *bias, const double *in_w,
			const double *out_w, const double *out_b,
			const double *h0, const double *c0, const double *seq);

#endif
