// A parallel loop whose iterations each record the same values (here the
// tanh of a stencil and the neighbours it multiplies, the exp of a sum's
// terms) records them into one block of the tape instead of pushing them
// one by one: iteration i writes its own entries, so f_fwd's copy runs
// parallel, and the reverse reads them in any order.  The stencil's
// reverse, which the gather form does not take, runs in three phases of
// parallel iterations (iterations three apart touch different elements).
// The gradient and the Hessian-vector product are the same bits at 1, 2
// and 4 threads, from run to run and in the serial build, and are checked
// against differences, the tangent and for symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp > %t.omp.out
// RUN: %ckc-run --one %t.c %s %t.serial > %t.serial.out
// RUN: FileCheck %s --check-prefix=OUT < %t.omp.out
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
			un[i] = u[i] + 0.2 * (u[i - 1] - 2 * u[i] + u[i + 1]) -
				0.05 * tanh(u[i]) * (u[i + 1] - u[i - 1]);
#pragma omp parallel for
		for (i = 1; i < CELLS - 1; i++)
			u[i] = un[i];
	}
#pragma omp parallel for reduction(+ : f)
	for (i = 0; i < CELLS; i++)
		f += exp(0.1 * u[i]) * u[i];
	return f;
}
// CHECK-LABEL: {{^}}static double diffuse_fwd(const double *u0, int steps){{$}}
// The stencil's recording sweep: one block of three entries per cell.
// CHECK: ck_nb = 200 - 1 > 1 ? (long)(200 - 1) - 1 : 0;
// CHECK-NEXT: ck_bd = ck_block_push_d(ck_t, 3 * ck_nb);
// CHECK-NEXT: #ifdef _OPENMP
// CHECK-NEXT: #pragma omp parallel for private(ck_e) schedule(static)
// CHECK-NEXT: #endif
// CHECK-NEXT: for (i = 1; i < 200 - 1; i++) {
// CHECK-NEXT: ck_e = tanh(u[i]);
// CHECK-NEXT: ck_bd[3 * ((long)i - ck_lo)] = u[i - 1];
// CHECK-NEXT: ck_bd[3 * ((long)i - ck_lo) + 1] = u[i + 1];
// CHECK-NEXT: ck_bd[3 * ((long)i - ck_lo) + 2] = ck_e;
// The sum: its partial sums, and a block of one entry per cell.
// CHECK: ck_bd2 = ck_block_push_d(ck_t, ck_nb2);
// CHECK: #pragma omp for private(ck_e2)
// CHECK-NEXT: for (i = 0; i < 200; i++) {
// CHECK-NEXT: ck_e2 = exp(0.1 * u[i]);
// CHECK-NEXT: ck_bd2[(long)i - ck_lo2] = ck_e2;
// CHECK-LABEL: {{^}}static void diffuse_bwd({{.*}}){{$}}
// CHECK: double *ck_bd3 = ck_block_pop_d(ck_t, ck_nb3);
// CHECK: #pragma omp parallel for private(i)
// CHECK: double *ck_bd = ck_block_pop_d(ck_t, 3 * ck_nb);
// CHECK: for (ck_ph = 0; ck_ph < 3; ck_ph++) {
// CHECK-NEXT: #ifdef _OPENMP
// CHECK-NEXT: #pragma omp parallel for private(i) schedule(static)
// CHECK-NEXT: #endif
// CHECK-NEXT: for (ck_q = ck_ph; ck_q < ck_n2; ck_q += 3) {
// CHECK-NEXT: i = (int)(ck_hi3 - 1 - ck_q);
// CHECK: ck_v3 = ck_bd[3 * ((long)i - ck_lo) + 2];
// CHECK-NEXT: ck_v2 = ck_bd[3 * ((long)i - ck_lo) + 1];
// CHECK-NEXT: ck_v = ck_bd[3 * ((long)i - ck_lo)];
// f_b_d: a block of the values, then one of their tangents; popped the
// other way.
// CHECK-LABEL: {{^}}static double diffuse_fwd_d({{.*}}){{$}}
// CHECK: ck_bd = ck_block_push_d(ck_t, 3 * ck_nb);
// CHECK-NEXT: ck_bd_d = ck_block_push_d(ck_t, 3 * ck_nb);
// CHECK-LABEL: {{^}}static void diffuse_bwd_d({{.*}}){{$}}
// CHECK: const double *ck_bd_d = ck_block_pop_d(ck_t, 3 * ck_nb);
// CHECK-NEXT: double *ck_bd = ck_block_pop_d(ck_t, 3 * ck_nb);
// CHECK: #pragma omp parallel for private(i{{.*}}) schedule(static)

#ifdef CK_TEST_MAIN
#define STEPS 7
#include "Inputs/diffuse-checks.h"
#endif
// OUT: 0 failed
