/* examples/adaptive: the gradient of a misfit through an adaptive time
 * integration (a while loop whose trip count is known only at its end)
 * with online(16) checkpointing, and without checkpoints (the same source
 * through ckc --no-checkpoint, the function renamed by -D): the example
 * checks that the two gradients are bitwise equal, that ck_stats gives the
 * loop's trip count and 16 snapshots, that online(16) recomputes no fewer
 * steps than Revolve's optimum, the memory, and the gradient against
 * finite differences.  T = 0.2 (main's argument: 4999 attempts instead of
 * about 100,000), at -O0 (under the sanitizers in make check) and
 * -O2. */
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/adaptive/adaptive.c -o %t/adaptive_grad.c
// RUN: %ckc --no-checkpoint -Dadapt_misfit=adapt_misfit_plain %srcroot/examples/adaptive/adaptive.c -o %t/adaptive_plain_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/adaptive_grad.h
// RUN: FileCheck %s --check-prefix=PLAIN < %t/adaptive_plain_grad.h
// RUN: FileCheck %s --check-prefix=ONLINE < %t/adaptive_grad.c
// RUN: FileCheck %s --check-prefix=NOREVOLVE < %t/adaptive_plain_grad.c
// RUN: %cc -O0 -I%t -I%srcroot/examples/adaptive %srcroot/examples/adaptive/main.c %srcroot/examples/adaptive/adaptive.c %t/adaptive_grad.c %t/adaptive_plain_grad.c %ckrt -o %t/adaptive-O0
// RUN: %cc -O2 -I%t -I%srcroot/examples/adaptive %srcroot/examples/adaptive/main.c %srcroot/examples/adaptive/adaptive.c %t/adaptive_grad.c %t/adaptive_plain_grad.c %ckrt -o %t/adaptive-O2
// RUN: %t/adaptive-O0 0.2 | FileCheck %s
// RUN: %t/adaptive-O2 0.2 | FileCheck %s
// RUN: not %t/adaptive-O2 0 2>&1 | FileCheck %s --check-prefix=USAGE
// GEN: double adapt_misfit_b(const double *y0, double *y0_b, double b, double *b_b, const double *target, double T, double tol, double ret_b);
// PLAIN: double adapt_misfit_plain_b(const double *y0, double *y0_b, double b, double *b_b, const double *target, double T, double tol, double ret_b);
// ONLINE: ck_revolve_online(16);
// ONLINE: ck_revolve_take(
// ONLINE: ck_revolve_end(
// ONLINE: ck_revolve_next(
// NOREVOLVE-NOT: ck_revolve
// NOREVOLVE-NOT: ck_snap
// CHECK: adapt_misfit (16 cells, B = 3, T = 0.2, tol = 2e-09) = 0.00452657515966179
// CHECK: dJ/dB = -0.0454260581448049
// CHECK: time loop: 4999 attempts, 4995 accepted and 4 rejected (adapt_misfit: {{[0-9.]+}} ms)
// CHECK: --no-checkpoint {{[0-9]+}} 0 {{[0-9.]+$}}
// CHECK: online(16) {{[0-9]+}} 19526 {{[0-9.]+$}}
// CHECK: online(16): trip count 4999, 16 snapshots (ck_stats loop_steps, loop_snapshots)
// CHECK: Revolve's optimum for 4999 steps and 16 snapshots: 19010 recomputed; online(16): 1.027 times that
// CHECK: peak memory / --no-checkpoint's: {{[0-9.]+e-0[0-9]}} (1/{{[0-9]+}}); --no-checkpoint tapes {{[0-9]+}} bytes a step
// CHECK: ok: online(16) and --no-checkpoint give bitwise equal gradients, and both adapt_misfit's value
// CHECK: ok: the loop ran adapt_solve's 4999 attempts, with 16 snapshots
// CHECK: ok: online(16) runs no fewer steps again than Revolve's optimum
// CHECK: ok: online(16)'s peak is below 1/100 of --no-checkpoint's at 100,000 steps (1/{{[0-9]+}})
// CHECK: ok: gradient and finite differences agree to 1e-6
// USAGE: usage: {{.*}}adaptive-O2 [final time T > 0]
