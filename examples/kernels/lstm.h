/*
 * lstm.h - the parameters of lstm.c's stacked LSTM and its entry point.
 */
#ifndef CKC_KERNELS_LSTM_H
#define CKC_KERNELS_LSTM_H

/* The largest state (and input) size lstm_loss handles. */
#define LSTM_MAXN 32

/* Parameters for a stack of nlayers cells of state size n (the input size
 * is n too):
 *   W      nlayers blocks of 4n x 2n, row-major: the rows of the forget,
 *          input and output gates and the candidate, the columns for the
 *          layer's input, then for its hidden state;
 *   bias   nlayers blocks of 4n, in the same order;
 *   in_w   n input scales; out_w n x n and out_b n: the prediction.
 * h and c (nlayers x n each) are the hidden and cell states, updated in
 * place step by step.  seq holds steps vectors of n; the loss is the
 * cross-entropy of the prediction from each vector against the next one,
 * averaged. */
#define LSTM_W_SIZE(nlayers, n) ((nlayers) * 8 * (n) * (n))
#define LSTM_BIAS_SIZE(nlayers, n) ((nlayers) * 4 * (n))

double lstm_loss(int nlayers, int n, int steps, const double *W,
		 const double *bias, const double *in_w, const double *out_w,
		 const double *out_b, double *h, double *c, const double *seq);

#endif
