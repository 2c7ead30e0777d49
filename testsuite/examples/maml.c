/* examples/maml: a MAML meta-gradient (I - alpha H_in) grad L_out from
 * regression_loss_b and regression_loss_b_d (through the static helper
 * net, differentiated twice).  The example checks it against differences
 * of the meta-objective and that meta-steps decrease it; here the numbers
 * it prints are checked too. */
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/maml/regression.c -o %t/regression_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/regression_grad.h
// RUN: %ckc-run --allow-diff %t/regression_grad.c %srcroot/examples/maml/main.c %t/maml -I%t -I%srcroot/examples/maml %srcroot/examples/maml/regression.c | FileCheck %s
// GEN: double regression_loss_b(const double *w, double *w_b, const double *x, const double *y, int n, double ret_b);
// GEN: double regression_loss_b_d(const double *w, const double *w_d, double *w_b, double *w_bd, const double *x, const double *y, int n, double ret_b, double ret_bd);
// CHECK: meta-gradient (f_b, f_b_d) vs differences of the meta-objective: max relative error {{[0-9.]+}}e-1{{[0-9]}}
// CHECK: |meta-gradient| = 0.558185, |second-order term alpha H_in grad L_out| = 0.206085
// CHECK: 0          0.207965477669
// CHECK: 1          0.193275910422
// CHECK: 8          0.146471470673
// CHECK: ok: meta-gradient and differences agree to 1e-7; meta-objective 0.207965 -> 0.146471 in 8 meta-steps
