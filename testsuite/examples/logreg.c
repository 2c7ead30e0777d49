/* examples/logreg: gradient descent with logreg_loss_b, the gradient
 * checked against finite differences by the example itself. */
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/logreg/logreg.c -o %t/logreg_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/logreg_grad.h
// RUN: %ckc-run --allow-diff %t/logreg_grad.c %srcroot/examples/logreg/main.c %t/logreg -I%t %srcroot/examples/logreg/logreg.c | FileCheck %s
// GEN: logreg_loss_b(
// CHECK: ok: loss 0.693147 -> 0.472019 in 10 steps; gradient and finite differences agree to 1e-7
