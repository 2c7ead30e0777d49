/*
 * mlp.h - the sizes and the weight layout of the perceptron of mlp.c.
 *
 * Layers 10 -> 20 -> 30 -> 40.  Layer l's weights are a row-major
 * MLP_Nl x MLP_N(l-1) matrix at w + MLP_Ll, followed by its MLP_Nl biases.
 */
#ifndef MLP_H
#define MLP_H

#define MLP_N0 10 /* inputs */
#define MLP_N1 20 /* first hidden layer (relu) */
#define MLP_N2 30 /* second hidden layer (relu) */
#define MLP_N3 40 /* outputs: the logits of a softmax */

#define MLP_L1 0                                /* layer 1: 200 + 20 */
#define MLP_L2 (MLP_L1 + MLP_N1 * (MLP_N0 + 1)) /* layer 2: 600 + 30 */
#define MLP_L3 (MLP_L2 + MLP_N2 * (MLP_N1 + 1)) /* layer 3: 1200 + 40 */
#define MLP_NW (MLP_L3 + MLP_N3 * (MLP_N2 + 1)) /* 2090 weights in all */

double mlp_loss(const double *w, const double *x, const double *target);

#endif
