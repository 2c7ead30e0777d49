// The index of a parallel loop set by the loop's init, `for (i = 0; ...)`
// with i declared before, is private to the threads, as OpenMP has it:
// after the loop, i is the value it had before the loop (here 1), not the
// serial loop's exit value.  The reverse sweep read the exit value (f_b
// returned 35 and sent the adjoint of x[i] into x[4]), also for the
// indices of a collapse(2) nest and for an inner loop's index in
// private(j) when the outer loop's body is that loop without braces.
// The loop's index becomes a variable of its own (int i2 = 0); one that
// nothing reads after the loop stays as it is.  Checked on 1 and 2
// threads and without -fopenmp (the derivatives follow OpenMP's meaning
// in every build).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: env OMP_NUM_THREADS=1 %ckc-run %t.c %s %t.omp1 -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: env OMP_NUM_THREADS=2 %ckc-run --one %t.c %s %t.omp2 -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT

#pragma ck_adjoint wrt(x)
#pragma ck_tangent wrt(x)
double idx(const double *x)
{
	double s = 0.0;
	int i = 1;
#pragma omp parallel for reduction(+ : s)
	for (i = 0; i < 4; i++)
		s += x[i] * x[i];
	return s + x[i];
}
// CHECK-LABEL: double idx_d(
// CHECK: for (int i2 = 0; i2 < 4; i2++) {

#pragma ck_adjoint wrt(x)
double nest(const double *x)
{
	double s = 0.0;
	int i = 1, j = 2;
#pragma omp parallel for collapse(2) reduction(+ : s)
	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++)
			s += x[i * 2 + j] * x[i * 2 + j];
	return s + x[i] * x[j];
}

#pragma ck_adjoint wrt(x)
double inner(const double *x, int n)
{
	double s = 0.0;
	int i, j = 1;
#pragma omp parallel for private(j) reduction(+ : s)
	for (i = 0; i < n; i++)
		for (j = 0; j < 3; j++)
			s += x[i] * x[j];
	return s + x[j];
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	volatile double one = 1.0;
	double x[5], xb[5] = { 0 }, xd[5] = { 0 }, yd;
	for (int i = 0; i < 5; i++)
		x[i] = (i + 1) * one;
	/* idx = sum_{i<4} x_i^2 + x_1 */
	ck_close("idx_b", idx_b(x, xb, 1.0), 32.0, 0.0);
	printf("idx_b: %g %g %g %g %g\n", xb[0], xb[1], xb[2], xb[3], xb[4]);
	xd[4] = 1.0;
	ck_close("idx_d", idx_d(x, xd, &yd), 32.0, 0.0);
	ck_close("idx_d tangent", yd, 0.0, 0.0);
	/* nest = sum_{k<4} x_k^2 + x_1 x_2 */
	double nb[5] = { 0 };
	ck_close("nest_b", nest_b(x, nb, 1.0), 36.0, 0.0);
	printf("nest_b: %g %g %g %g %g\n", nb[0], nb[1], nb[2], nb[3], nb[4]);
	/* inner = sum_{i<4} x_i (x_0 + x_1 + x_2) + x_1 */
	double ib[5] = { 0 };
	ck_close("inner_b", inner_b(x, ib, 4, 1.0), 62.0, 0.0);
	printf("inner_b: %g %g %g %g %g\n", ib[0], ib[1], ib[2], ib[3], ib[4]);
	return ck_done();
}
#endif
// OUT: idx_b: 2 5 6 8 0
// OUT: nest_b: 2 7 8 8 0
// OUT: inner_b: 16 17 16 6 0
// OUT: 0 failed
