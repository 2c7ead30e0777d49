/* examples/mlp: the gradient of a three-layer MLP's loss by mlp_loss_b,
 * checked against finite differences by the example itself, under every
 * compiler and -O level and under the sanitizers. */
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/mlp/mlp.c -o %t/mlp_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/mlp_grad.h
// RUN: %ckc-run --allow-diff %t/mlp_grad.c %srcroot/examples/mlp/main.c %t/mlp -I%t -I%srcroot/examples/mlp %srcroot/examples/mlp/mlp.c | FileCheck %s
// GEN: double mlp_loss_b(const double *w, double *w_b, const double *x, double *x_b, const double *target, double ret_b);
// CHECK: ok: gradient and finite differences agree to 1e-7
