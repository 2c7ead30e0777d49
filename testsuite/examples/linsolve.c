/* examples/linsolve: a misfit through solve(), whose derivatives are
 * hand-written in linsolve.c (compiled, never read by ckc) and named by
 * #pragma ck_derivative; the example checks gradient, tangent and H v
 * against finite differences itself. */
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/linsolve/misfit.c -o %t/misfit_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/misfit_grad.c
// RUN: %ckc-run --allow-diff %t/misfit_grad.c %srcroot/examples/linsolve/main.c %t/linsolve -I%t -I%srcroot/examples/linsolve %srcroot/examples/linsolve/misfit.c %srcroot/examples/linsolve/linsolve.c | FileCheck %s
// GEN: solve_d(4, A, A_d, b, b_d, x, x_d);
// GEN: solve(4, A, b, x);
// GEN: solve_b(4, A2, A_b, b, b_b, x2, x_b);
// GEN: solve_b_d(4, A2, A2_d, A_b, A_bd, b, b_d, b_b, b_bd, x2, x2_d, x_b, x_bd);
// CHECK: ok: misfit 0.792588 through solve(); gradient, tangent and H v agree with finite differences
