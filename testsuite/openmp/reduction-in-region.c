// A parallel loop with a floating reduction(+: e) inside a loop that is
// a checkpoint region: f_bwd's recomputation of the region has no use
// for e, so the partials' variable went, but the join in thread order
// (e2 += ck_part_e2) stayed, and -fopenmp builds of f_b and f_b_d did
// not compile ('e2' undeclared).  A dropped variable now leaves the
// clauses of such a loop too.  Checked on 1 and 2 threads and without
// -fopenmp: gradients, Hessian-vector products and the dot-product test
// against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: env OMP_NUM_THREADS=1 %ckc-run %t.c %s %t.omp1 -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: env OMP_NUM_THREADS=2 %ckc-run --one %t.c %s %t.omp2 -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK-NOT: ck_part_e
// CHECK-LABEL: double f_b_d(
// OUT-NOT: FAIL
// OUT: checks, 0 failed
#define N 4

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double u[N], v[N], e = 0;
	for (int i = 0; i < N; i++)
		u[i] = x[i];
#pragma ck_checkpoint
	for (int t = 0; t < 2; t++) {
		e = 0;
#pragma omp parallel for reduction(+ : e)
		for (int i = 0; i < N; i++) {
			v[i] = u[i] * u[i];
			e += v[i] * u[i];
		}
		for (int i = 0; i < N; i++)
			u[i] = v[i];
	}
	return e;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	volatile double one = 1.0;
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = (0.6 + 0.1 * i) * one;
	kc_check_scalar("reduction in a region", kf, kf_d, kf_b, kf_b_d, NULL,
			v, NULL, N, 3);
	return ck_done();
}
#endif
