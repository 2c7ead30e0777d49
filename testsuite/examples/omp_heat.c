/* examples/omp_heat: 2-D heat diffusion with parallel loops over the rows
 * inside a binomially checkpointed time loop.  On a 64 x 64 grid
 * (-DHEAT_N=64), 12 steps: the example checks the gradient against
 * differences, and that the gradient and H.d are the same bits on 1 and 2
 * threads; built with -fopenmp (gcc -O0 and clang -O2, and compiled by
 * gcc -O2) and without (serial).  The generated sweeps are parallel: the
 * stencil's reverse in three phases. */
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc -DHEAT_N=64 %srcroot/examples/omp_heat/heat.c -o %t/heat_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/heat_grad.c
// RUN: %ckc-run --allow-diff %t/heat_grad.c %srcroot/examples/omp_heat/main.c %t/omp -DHEAT_N=64 -fopenmp -I%t -I%srcroot/examples/omp_heat %srcroot/examples/omp_heat/heat.c | FileCheck %s --check-prefixes=CHECK,OMP
// RUN: %cc -O2 -DHEAT_N=64 -I%t -I%srcroot/examples/omp_heat %srcroot/examples/omp_heat/main.c %srcroot/examples/omp_heat/heat.c %t/heat_grad.c %ckrt -o %t/serial
// RUN: %t/serial 12 | FileCheck %s
// GEN: ck_ph{{[0-9]*}} < 3;
// GEN-NEXT: #ifdef _OPENMP
// GEN-NEXT: #pragma omp parallel for private({{.*}}) schedule(static)
// CHECK: omp_heat: 64 x 64 cells, {{[0-9]+}} steps, binomial(4)
// CHECK: ok: gradient . d
// OMP: ok: the gradient and H.d are the same bits on 1 and 2 threads
