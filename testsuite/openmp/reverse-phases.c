// The reverse of a parallel loop around other loops, a 2-D stencil over
// rows, runs parallel in phases: iteration i adds into rows i - 1 .. i + 1,
// so the reverse sweep takes the rows i = 0, 3, 6, ... in parallel, then
// 1, 4, 7, ..., then 2, 5, 8, ... (omp.c).  Inside a phase no two
// iterations touch the same element, so the gradient and the
// Hessian-vector product are the same bits at 1, 2 and 4 threads, from run
// to run, and in the serial build (which runs the same phases); checked
// against differences, the tangent (dot product) and for symmetry.  The
// copy back (one row per iteration) is a single phase.  The time loop is
// binomially checkpointed.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp > %t.omp.out
// RUN: %ckc-run --one %t.c %s %t.serial > %t.serial.out
// RUN: FileCheck %s --check-prefix=OUT < %t.omp.out
// The result and its tangent sum in another order with -fopenmp (the
// reduction's partial sums in thread order); the gradient and the
// Hessian-vector product are the same bits.
// RUN: grep -v -e primal -e "tangent =" %t.omp.out > %t.omp.derivs
// RUN: grep -v -e primal -e "tangent =" %t.serial.out > %t.serial.derivs
// RUN: diff %t.omp.derivs %t.serial.derivs
#include <math.h>

#define NX 16
#define CELLS (NX * NX)

#pragma ck_tangent wrt(u0)
#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double diffuse(const double *u0, int steps)
{
	double u[CELLS], un[CELLS], f = 0.0;
	int i, j, t;
#pragma omp parallel for
	for (i = 0; i < CELLS; i++)
		u[i] = u0[i];
#pragma ck_checkpoint binomial(3)
	for (t = 0; t < steps; t++) {
#pragma omp parallel for private(j) schedule(static)
		for (i = 1; i < NX - 1; i++)
			for (j = 1; j < NX - 1; j++)
				un[i * NX + j] = u[i * NX + j] +
						 0.2 * (u[(i - 1) * NX + j] + u[(i + 1) * NX + j] +
							u[i * NX + j - 1] + u[i * NX + j + 1] -
							4 * u[i * NX + j]);
#pragma omp parallel for private(j)
		for (i = 1; i < NX - 1; i++)
			for (j = 1; j < NX - 1; j++)
				u[i * NX + j] = un[i * NX + j];
	}
#pragma omp parallel for reduction(+:f)
	for (i = 0; i < CELLS; i++)
		f += u[i] * u[i] * u[i];
	return f;
}
// CHECK-LABEL: {{^}}static void diffuse_bwd({{.*}}){{$}}
// The stencil: three phases.
// CHECK: for (ck_ph{{[0-9]*}} = 0; ck_ph{{[0-9]*}} < 3; ck_ph{{[0-9]*}}++) {
// CHECK-NEXT: #ifdef _OPENMP
// CHECK-NEXT: #pragma omp parallel for private({{.*}}) schedule(static)
// CHECK-NEXT: #endif
// CHECK-NEXT: for (ck_q{{[0-9]*}} = ck_ph{{[0-9]*}}; ck_q{{[0-9]*}} < ck_n{{[0-9]*}}; ck_q{{[0-9]*}} += 3) {
// CHECK-LABEL: {{^}}static void diffuse_bwd_d({{.*}}){{$}}
// CHECK: ck_ph{{[0-9]*}} < 3;
// CHECK-NEXT: #ifdef _OPENMP
// CHECK-NEXT: #pragma omp parallel for private({{.*}}) schedule(static)

#ifdef CK_TEST_MAIN
#define STEPS 5
#include "Inputs/diffuse-checks.h"
#endif
// OUT: 0 failed
