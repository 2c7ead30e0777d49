/* examples/newton: Newton-CG on a logistic regression with the Hessian only
 * through logistic_loss_b_d's Hessian-vector products.  The example checks
 * H v against differences of logistic_loss_b's gradients, and that Newton
 * reaches |gradient| < 1e-10; here the numbers it prints are checked too.
 * (--allow-diff: the last step's gradient norm is rounding noise.) */
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/newton/logistic.c -o %t/logistic_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/logistic_grad.h
// RUN: %ckc-run --allow-diff %t/logistic_grad.c %srcroot/examples/newton/main.c %t/newton -I%t %srcroot/examples/newton/logistic.c | FileCheck %s
// GEN: double logistic_loss_b(const double *w, double *w_b, const double *X, const double *y, int n, int d, double lambda, double ret_b);
// GEN: double logistic_loss_b_d(const double *w, const double *w_d, double *w_b, double *w_bd, const double *X, const double *y, int n, int d, double lambda, double ret_b, double ret_bd);
// CHECK: H v (logistic_loss_b_d) vs differences of gradients (logistic_loss_b): {{[0-9.]+}}e-1{{[0-9]}}
// CHECK: H v[0] = 0.08062686183{{[0-9]*}}, by differences 0.0806268618
// CHECK: the gradient from logistic_loss_b_d is bitwise logistic_loss_b's
// CHECK: 0     0.693147180559947    1.932e-01    2
// CHECK: 1     0.48005642060{{[0-9]*}} 4.595e-02
// CHECK: 3     0.45221744703{{[0-9]*}} 8.621e-04
// CHECK: 5     0.45220095775{{[0-9]*}} 8.18{{[0-9]}}e-10
// CHECK: ok: |gradient| < 1e-10 after 6 Newton steps, {{3[0-9]}} Hessian-vector products; loss 0.452200957758
