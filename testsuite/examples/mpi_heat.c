/* examples/mpi_heat: a 1-D diffusion split over the ranks (halo exchange
 * with MPI_Sendrecv, or with MPI_Irecv, MPI_Isend and MPI_Waitall;
 * MPI_PROC_NULL at the ends, the misfit through MPI_Allreduce) with its
 * time loop under binomial(8).  On 48 cells and 50 steps, on 1, 2 and 4
 * ranks (the nonblocking exchange on 2 and 4): the example checks the misfit, the gradient
 * and H.d against the same code on one process, gradient entries and the
 * coefficient's derivative against differences, the tangent against the
 * gradient, H.d against differences of gradients, and that every rank
 * recomputes Revolve's optimum (95 steps for 50 steps and 8 snapshots).
 * ckc finds mpi.h itself (through mpicc).  Under make check (sanitized),
 * mpirun -x turns LeakSanitizer off in the ranks, as testsuite/mpi's
 * lit.local.cfg does there: Open MPI leaves memory allocated at exit
 * (ASan's other checks, and UBSan's, stay on). */
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/mpi_heat/heat.c -o %t/heat_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/heat_grad.c
// RUN: %mpicc -O2 -I%t -I%srcroot/examples/mpi_heat %srcroot/examples/mpi_heat/main.c %srcroot/examples/mpi_heat/heat.c %t/heat_grad.c %ckrt-mpi -o %t/mpi_heat
// RUN: %mpirun 1 -x ASAN_OPTIONS=detect_leaks=0 %t/mpi_heat 48 50 | FileCheck %s --check-prefixes=CHECK,P1
// RUN: %mpirun 2 -x ASAN_OPTIONS=detect_leaks=0 %t/mpi_heat 48 50 | FileCheck %s --check-prefixes=CHECK,P2
// RUN: %mpirun 4 -x ASAN_OPTIONS=detect_leaks=0 %t/mpi_heat 48 50 | FileCheck %s --check-prefixes=CHECK,P4
// RUN: %mpirun 2 -x ASAN_OPTIONS=detect_leaks=0 %t/mpi_heat 48 50 0 nonblocking | FileCheck %s --check-prefixes=CHECK,NB2
// RUN: %mpirun 4 -x ASAN_OPTIONS=detect_leaks=0 %t/mpi_heat 48 50 0 nonblocking | FileCheck %s --check-prefixes=CHECK,P4
// RUN: not %mpirun 5 -x ASAN_OPTIONS=detect_leaks=0 %t/mpi_heat 48 50 2>&1 | FileCheck %s --check-prefix=USAGE
// GEN: #include "ckrt_mpi.h"
// GEN-LABEL: {{^}}static double heat_misfit_fwd({{.*}}){{$}}
// GEN: ck_revolve_new(ck_l, 8);
// GEN: ck_mpi_allreduce_dbl(&s, &loss, 1,
// GEN-LABEL: {{^}}static void heat_misfit_bwd({{.*}}){{$}}
// GEN: ck_mpi_allreduce_dbl_b(&s_b, &loss_b, 1,
// GEN-LABEL: {{^}}static void exchange_fwd({{.*}}){{$}}
// GEN: ck_mpi_waitall_dbl1_t(4, rq, {{.*}}, u);
// GEN: ck_mpi_sendrecv_dbl(&u[n], 1,
// GEN-LABEL: {{^}}static void exchange_bwd({{.*}}){{$}}
// GEN: ck_mpi_waitall_dbl1_b(4, {{[0-9]+}}, u_b);
// GEN: ck_mpi_sendrecv_dbl_b(&u_b[1], 1,
// GEN: ck_mpi_sendrecv_dbl_b(&u_b[n], 1,
// GEN-LABEL: {{^}}static void exchange_bwd_d({{.*}}){{$}}
// GEN: ck_mpi_waitall_dbl1_b_d(4, {{[0-9]+}}, u_b, u_bd);
// GEN: ck_mpi_sendrecv_dbl_b_d(&u_b[1], &u_bd[1], 1,
// CHECK-NOT: FAIL
// P1: mpi_heat: 48 cells on 1 rank (48 each), 50 steps, binomial(8), halos by MPI_Sendrecv; misfit 4.4990488359
// P2: mpi_heat: 48 cells on 2 ranks (24 each), 50 steps, binomial(8), halos by MPI_Sendrecv; misfit 4.4990488359
// NB2: mpi_heat: 48 cells on 2 ranks (24 each), 50 steps, binomial(8), halos by MPI_Irecv/MPI_Isend/MPI_Waitall; misfit 4.4990488359
// P4: mpi_heat: 48 cells on 4 ranks (12 each), 50 steps, binomial(8), halos by {{.*}}; misfit 4.4990488359
// CHECK: ok: misfit on {{[124]}} rank{{s?}} = on one process
// CHECK: ok: gradient on {{[124]}} rank{{s?}} = on one process
// CHECK: ok: H.d on {{[124]}} rank{{s?}} = on one process
// CHECK: dmisfit/du0[23] = -2.8329084
// CHECK: dmisfit/dkappa = 1.2946510
// CHECK: ok: gradient entries and dmisfit/dkappa against differences
// CHECK: ok: tangent
// CHECK: ok: H.d against differences of gradients
// CHECK: rank peak bytes recomputed steps
// CHECK-NEXT: 0 {{[0-9]+}} 95
// P2-NEXT: 1 {{[0-9]+}} 95
// NB2-NEXT: 1 {{[0-9]+}} 95
// P4-NEXT: 1 {{[0-9]+}} 95
// P4-NEXT: 2 {{[0-9]+}} 95
// P4-NEXT: 3 {{[0-9]+}} 95
// P1-NEXT: sum {{[0-9]+}} 95
// P2-NEXT: sum {{[0-9]+}} 190
// NB2-NEXT: sum {{[0-9]+}} 190
// P4-NEXT: sum {{[0-9]+}} 380
// CHECK-NEXT: ok: every rank recomputed Revolve's optimum, 95 steps for 50 steps and 8 snapshots
// CHECK-NOT: FAIL
// USAGE: usage: mpirun -np P {{.*}}mpi_heat [CELLS [STEPS [ROUNDS [sendrecv|nonblocking]]]], P dividing CELLS
