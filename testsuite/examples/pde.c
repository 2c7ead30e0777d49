/* examples/pde: the gradient of a Burgers' equation misfit with
 * binomial(16) checkpointing, with a checkpoint region per step, and
 * without checkpoints (the same source through ckc --no-checkpoint, the
 * functions renamed by -D): the example checks that the three gradients
 * are bitwise equal, that binomial(16) recomputes Revolve's optimal number
 * of steps, that both checkpointed adjoints need less memory, and the
 * gradient against finite differences.  200 steps instead of 2000 (main's
 * argument), at -O0 (under the sanitizers in make check) and -O2. */
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/pde/burgers.c -o %t/burgers_grad.c
// RUN: %ckc --no-checkpoint -Dburgers_misfit=burgers_misfit_plain -Dburgers_misfit_steps=burgers_misfit_steps_plain %srcroot/examples/pde/burgers.c -o %t/burgers_plain_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/burgers_grad.h
// RUN: FileCheck %s --check-prefix=PLAIN < %t/burgers_plain_grad.h
// RUN: FileCheck %s --check-prefix=REVOLVE < %t/burgers_grad.c
// RUN: FileCheck %s --check-prefix=NOREVOLVE < %t/burgers_plain_grad.c
// RUN: %cc -O0 -I%t -I%srcroot/examples/pde %srcroot/examples/pde/main.c %srcroot/examples/pde/burgers.c %t/burgers_grad.c %t/burgers_plain_grad.c %ckrt -o %t/pde-O0
// RUN: %cc -O2 -I%t -I%srcroot/examples/pde %srcroot/examples/pde/main.c %srcroot/examples/pde/burgers.c %t/burgers_grad.c %t/burgers_plain_grad.c %ckrt -o %t/pde-O2
// RUN: %t/pde-O0 200 | FileCheck %s
// RUN: %t/pde-O2 200 | FileCheck %s
// GEN: double burgers_misfit_b(const double *u0, double *u0_b, const double *target, int steps, double ret_b);
// GEN: double burgers_misfit_steps_b(const double *u0, double *u0_b, const double *target, int steps, double ret_b);
// PLAIN: double burgers_misfit_plain_b(const double *u0, double *u0_b, const double *target, int steps, double ret_b);
// REVOLVE: ck_revolve_new(ck_l, 16);
// REVOLVE: ck_snap_new();
// NOREVOLVE-NOT: ck_revolve
// NOREVOLVE-NOT: ck_snap
// CHECK: burgers_misfit (256 cells, 200 steps) = 0.27415489732924
// CHECK: --no-checkpoint {{[0-9]+}} {{[0-9]+}} 0 0 {{[0-9.]+$}}
// CHECK: binomial(16) {{[0-9]+ [0-9]+ [0-9]+}} 429 {{[0-9.]+$}}
// CHECK: per-step regions {{[0-9]+ [0-9]+ [0-9]+}} 200 {{[0-9.]+$}}
// CHECK: Revolve's optimum for 200 steps and 16 snapshots: 429 steps recomputed
// CHECK: ok: binomial(16), per-step regions and --no-checkpoint give bitwise equal gradients
// CHECK: ok: checkpointing lowers the peak memory: binomial(16) 1/{{[1-9][0-9]+}}, per-step regions 1/{{[2-9]}}
// CHECK: ok: gradient and finite differences agree to 1e-7
