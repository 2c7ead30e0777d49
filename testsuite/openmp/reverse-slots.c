// A parallel loop whose iterations record under a branch (each side its
// own values, and the branch taken) records into slots of a block of the
// tape: iteration i's K entries hold what it pushed, in push order, and
// how many; the reverse pops them back from the slot.  Both sweeps run
// parallel: the reverse's branches are taken again or read from the slot.  The gradient and the Hessian-vector product are the same
// bits at 1, 2 and 4 threads, from run to run and in the serial build, and
// are checked against differences, the tangent and for symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp > %t.omp.out
// RUN: %ckc-run --one %t.c %s %t.serial > %t.serial.out
// RUN: FileCheck %s --check-prefix=OUT < %t.omp.out
// RUN: grep -v -e primal -e "tangent =" %t.omp.out > %t.omp.derivs
// RUN: grep -v -e primal -e "tangent =" %t.serial.out > %t.serial.derivs
// RUN: diff %t.omp.derivs %t.serial.derivs
#include <math.h>

#define CELLS 150

#pragma ck_tangent wrt(u0)
#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double diffuse(const double *u0, int steps)
{
	double u[CELLS], v[CELLS], f = 0.0;
	int i, t;
	for (i = 0; i < CELLS; i++)
		u[i] = u0[i];
	for (t = 0; t < steps; t++) {
#pragma omp parallel for schedule(static)
		for (i = 0; i < CELLS; i++) {
			double a = u[i], w;
			/* two sides that meet smoothly (to third order) */
			if (a > 0)
				a = sin(a);
			else
				a = a - a * a * a / 6;
			if (u[i] > 0)
				w = exp(0.5 * u[i]);
			else
				w = 1 + 0.5 * u[i] * (1 + 0.25 * u[i]);
			v[i] = 0.9 * a * w + 0.2 * u[i];
		}
#pragma omp parallel for
		for (i = 0; i < CELLS; i++)
			u[i] = v[i];
	}
	for (i = 0; i < CELLS; i++)
		f += u[i] * u[i];
	return f;
}
// CHECK-LABEL: {{^}}static double diffuse_fwd(const double *u0, int steps){{$}}
// CHECK: ck_bd = ck_block_push_d(ck_t, 8 * ck_nb);
// CHECK-NEXT: #ifdef _OPENMP
// CHECK-NEXT: #pragma omp parallel for private(a, w, ck_c, {{.*}}) schedule(static)
// CHECK: ck_c = 0;
// CHECK: ck_bd[8 * ((long)i - ck_lo) + ck_c] = (double)ck_e;
// CHECK-NEXT: ck_c = ck_c + 1;
// CHECK: ck_bd[8 * ((long)i - ck_lo) + ck_c] = (double)1;
// CHECK-NEXT: ck_c = ck_c + 1;
// CHECK: ck_bd[8 * ((long)i - ck_lo) + 7] = (double)ck_c;
// CHECK-LABEL: {{^}}static void diffuse_bwd({{.*}}){{$}}
// CHECK: double *ck_bd = ck_block_pop_d(ck_t, 8 * ck_nb);
// The reverse runs parallel too (its iterations touch their own elements:
// one phase), each iteration reading its slot.
// CHECK: for (ck_ph = 0; ck_ph < 1; ck_ph++) {
// CHECK-NEXT: #ifdef _OPENMP
// CHECK-NEXT: #pragma omp parallel for private(i) schedule(static)
// CHECK: long ck_c = (long)ck_bd[8 * ((long)i - ck_lo) + 7];
// CHECK: ck_c = ck_c - 1;
// CHECK-NEXT: ck_v5 = (double)ck_bd[8 * ((long)i - ck_lo) + ck_c];
// The second branch is taken again (u[i] was taped once per step); the
// first one's code comes from the slot.
// CHECK: if (u2[i] > 0) {
// CHECK: if (ck_bd[8 * ((long)i - ck_lo) + ck_c] != 0.0) {

#ifdef CK_TEST_MAIN
#define STEPS 4
#include "Inputs/diffuse-checks.h"
#endif
// OUT: 0 failed
