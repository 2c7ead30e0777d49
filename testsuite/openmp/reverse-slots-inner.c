// A parallel loop whose iterations record under a branch inside an inner
// loop of constant bounds (here 6 columns) records into slots of the most
// values an iteration may push (a cosine per column, and the count): the inner
// loop's pushes count once per column.  Both sweeps run parallel.  The
// gradient and the Hessian-vector product are the same bits at 1, 2 and 4
// threads, from run to run and in the serial build, and are checked
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

#define ROWS 25
#define COLS 6
#define CELLS (ROWS * COLS)

#pragma ck_tangent wrt(u0)
#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double diffuse(const double *u0, int steps)
{
	double u[CELLS], v[CELLS], f = 0.0;
	int i, j, t;
	for (i = 0; i < CELLS; i++)
		u[i] = u0[i];
	for (t = 0; t < steps; t++) {
#pragma omp parallel for private(j) schedule(static)
		for (i = 0; i < ROWS; i++) {
			double acc = 0.0;
			for (j = 0; j < COLS; j++) {
				double a = u[i * COLS + j], b;
				/* two sides that meet smoothly (to third order) */
				if (a > 0)
					b = sin(a);
				else
					b = a - a * a * a / 6;
				acc = 0.8 * acc + b;
				v[i * COLS + j] = 0.5 * u[i * COLS + j] + 0.4 * acc;
			}
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
// CHECK: ck_bd = ck_block_push_d(ck_t, 7 * ck_nb);
// CHECK-NEXT: #ifdef _OPENMP
// CHECK-NEXT: #pragma omp parallel for private(j, {{.*}}ck_c{{.*}}) schedule(static)
// CHECK: ck_bd[7 * ((long)i - ck_lo) + 6] = (double)ck_c;
// CHECK-LABEL: {{^}}static void diffuse_bwd({{.*}}){{$}}
// CHECK: double *ck_bd = ck_block_pop_d(ck_t, 7 * ck_nb);
// CHECK: #pragma omp parallel for private(i, j) schedule(static)
// CHECK: long ck_c = (long)ck_bd[7 * ((long)i - ck_lo) + 6];

#ifdef CK_TEST_MAIN
#define STEPS 4
#include "Inputs/diffuse-checks.h"
#endif
// OUT: 0 failed
