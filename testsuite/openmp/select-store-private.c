// Stores through a ?: of the addresses of two locals of a parallel loop's
// body, *(c ? &p : &q) = p * q twice: each is if (c) p = e; else q = e;
// (adjoint/select-store-sequence.c), so the reverse sweep of each thread
// reads the p and q that each store changed.  f_b took p as it was first
// set in the second store's adjoint.  Tangent, gradient, Hessian-vector
// products and the dot-product test against differences, on 2 threads
// and without -fopenmp.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: env OMP_NUM_THREADS=2 %ckc-run %t.c %s %t.omp -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
#pragma omp parallel for reduction(+ : s)
	for (int i = 0; i < n; i++) {
		double p = x[i], q = x[n - 1 - i];
		*(x[i] > 0.8 ? &p : &q) = p * q;
		*(x[i] > 0.8 ? &p : &q) = p * q;
		s += p + 3.0 * q;
	}
	return s;
}
// CHECK-LABEL: double f_d({{.*}}){{$}}
// CHECK: if (x[i] > 0.8) {

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static int nn = 6;
KC_SCALAR_WRAPPERS(f, nn)

int main(void)
{
	volatile double one = 1.0;
	double v[6] = { 0.75 * one, 1.05 * one, 0.6 * one,
			0.9 * one,  0.3 * one,	1.2 * one };
	kc_check_scalar("two stores through ?: in a parallel loop", kf, kf_d,
			kf_b, kf_b_d, NULL, v, NULL, 6, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
