// A parallel loop over rows whose inner loop over columns records the same
// values in every iteration (the tanh of a nonlinear 2-D stencil, and a
// row's factor w) records into one block of the tape: row i's entries
// start at K * i, K the values of a row (its factor's, then its columns'),
// column j's at K * i + 1 + j.  Both sweeps run parallel: the
// reverse in phases of rows three apart.  The time loop around it is
// binomially checkpointed.  The gradient and the Hessian-vector product
// are the same bits at 1, 2 and 4 threads, from run to run and in the
// serial build, and are checked against differences, the tangent and for
// symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp > %t.omp.out
// RUN: %ckc-run --one %t.c %s %t.serial > %t.serial.out
// RUN: FileCheck %s --check-prefix=OUT < %t.omp.out
// RUN: grep -v -e primal -e "tangent =" %t.omp.out > %t.omp.derivs
// RUN: grep -v -e primal -e "tangent =" %t.serial.out > %t.serial.derivs
// RUN: diff %t.omp.derivs %t.serial.derivs
#include <math.h>

#define NX 14
#define NY 11
#define CELLS (NX * NY)

#pragma ck_tangent wrt(u0)
#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double diffuse(const double *u0, int steps)
{
	double u[CELLS], un[CELLS], f = 0.0;
	int i, j, t;
	for (i = 0; i < CELLS; i++)
		u[i] = un[i] = u0[i];
#pragma ck_checkpoint binomial(3)
	for (t = 0; t < steps; t++) {
#pragma omp parallel for private(j) schedule(static)
		for (i = 1; i < NX - 1; i++) {
			double w = 0.2 * exp(-0.1 * u[i * NY]);
			for (j = 1; j < NY - 1; j++)
				un[i * NY + j] =
					u[i * NY + j] +
					w * tanh(u[(i - 1) * NY + j] +
						 u[(i + 1) * NY + j] +
						 u[i * NY + j - 1] +
						 u[i * NY + j + 1] -
						 4.0 * u[i * NY + j]);
		}
#pragma omp parallel for private(j)
		for (i = 1; i < NX - 1; i++)
			for (j = 1; j < NY - 1; j++)
				u[i * NY + j] = un[i * NY + j];
	}
	for (i = 0; i < CELLS; i++)
		f += u[i] * u[i] * (1.0 + 0.1 * u[i]);
	return f;
}
// CHECK-LABEL: {{^}}static double diffuse_fwd(const double *u0, int steps){{$}}
// CHECK: ck_lo = 1;
// CHECK-NEXT: ck_nb = 14 - 1 > 1 ? (long)(14 - 1) - 1 : 0;
// CHECK-NEXT: ck_lo2 = 1;
// CHECK-NEXT: ck_nb2 = 11 - 1 > 1 ? (long)(11 - 1) - 1 : 0;
// CHECK-NEXT: ck_k = 2 * ck_nb2 + 1;
// CHECK-NEXT: ck_bd = ck_block_push_d(ck_t, ck_k * ck_nb);
// CHECK-NEXT: #ifdef _OPENMP
// CHECK-NEXT: #pragma omp parallel for private(j, {{.*}}) schedule(static)
// CHECK: ck_bd[ck_k * ((long)i - ck_lo)] = ck_e;
// CHECK: ck_bd[ck_k * ((long)i - ck_lo) + (2 * ((long)j - ck_lo2) + 1)] = ck_e2;
// CHECK-NEXT: ck_bd[ck_k * ((long)i - ck_lo) + (2 * ((long)j - ck_lo2) + 2)] = w;
// CHECK-LABEL: {{^}}static void diffuse_bwd({{.*}}){{$}}
// CHECK: long ck_k = 2 * ck_nb2 + 1;
// CHECK-NEXT: double *ck_bd = ck_block_pop_d(ck_t, ck_k * ck_nb);
// CHECK: for (ck_ph = 0; ck_ph < 3; ck_ph++) {
// CHECK-NEXT: #ifdef _OPENMP
// CHECK-NEXT: #pragma omp parallel for private(i, j) schedule(static)
// CHECK: ck_v3 = ck_bd[ck_k * ((long)i - ck_lo) + (2 * ((long)j - ck_lo2) + 2)];
// CHECK-NEXT: ck_v2 = ck_bd[ck_k * ((long)i - ck_lo) + (2 * ((long)j - ck_lo2) + 1)];
// CHECK: ck_v = ck_bd[ck_k * ((long)i - ck_lo)];
// CHECK-LABEL: {{^}}static void diffuse_bwd_d({{.*}}){{$}}
// CHECK: const double *ck_bd_d = ck_block_pop_d(ck_t, ck_k * ck_nb);
// CHECK-NEXT: double *ck_bd = ck_block_pop_d(ck_t, ck_k * ck_nb);

#ifdef CK_TEST_MAIN
#define STEPS 6
#include "Inputs/diffuse-checks.h"
#endif
// OUT: 0 failed
