// The reverse sweep of a parallel loop runs parallel where ckc proves its
// iterations independent: a stencil's reverse in gather form (each element
// gathers what the iterations around it add), a copy's, a reduction's.
// f_fwd runs the input's loops parallel when they record nothing.  The
// time loop around them is binomially checkpointed.  The gradient and the
// Hessian-vector product are the same bits at 1, 2 and 4 threads and from
// run to run (independent iterations: no sum changes order), equal to the
// serial build's (bit for bit), and checked against differences, the tangent (dot
// product) and for symmetry.  A loop that tapes per iteration (the sin)
// keeps a serial reverse.
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

#define CELLS 200

#pragma ck_tangent wrt(u0)
#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double diffuse(const double *u0, int steps)
{
	double u[CELLS], un[CELLS], f = 0.0;
	int i, t;
#pragma omp parallel for
	for (i = 0; i < CELLS; i++)
		u[i] = u0[i];
#pragma ck_checkpoint binomial(3)
	for (t = 0; t < steps; t++) {
#pragma omp parallel for schedule(static)
		for (i = 1; i < CELLS - 1; i++)
			un[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
#pragma omp parallel for
		for (i = 1; i < CELLS - 1; i++)
			u[i] = un[i];
	}
#pragma omp parallel for
	for (i = 0; i < CELLS; i++)
		un[i] = sin(u[i]);
#pragma omp parallel for reduction(+:f)
	for (i = 0; i < CELLS; i++)
		f += u[i] * un[i];
	return f;
}
// CHECK-LABEL: {{^}}static double diffuse_fwd(const double *u0, int steps){{$}}
// CHECK: #pragma omp parallel for
// CHECK-NEXT: #endif
// CHECK-NEXT: for (i = 0; i < 200; i++) {
// CHECK: #pragma omp parallel for schedule(static)
// CHECK-NEXT: #endif
// CHECK-NEXT: for (i = 1; i < 200 - 1; i++) {
// CHECK-LABEL: {{^}}static void diffuse_bwd({{.*}}){{$}}
// The stencil's reverse: three gather loops, parallel.
// CHECK: #pragma omp parallel for private(i) schedule(static)
// CHECK: #pragma omp parallel for private(i) schedule(static)
// CHECK: #pragma omp parallel for private(i) schedule(static)
// CHECK-LABEL: {{^}}static void diffuse_bwd_d({{.*}}){{$}}
// CHECK: #pragma omp parallel for private(i) schedule(static)

#ifdef CK_TEST_MAIN
#define STEPS 7
#include "Inputs/diffuse-checks.h"
#endif
// OUT: 0 failed
