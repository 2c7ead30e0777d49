// The reverse of a parallel loop that runs in phases (omp.c, omp_phases)
// with an inner loop whose index (a) each iteration sets before its own
// loop reads it, inside a loop of the body: the index is private to the
// phase loop's threads.  It was firstprivate, copied uninitialized into
// each thread, and gcc -fopenmp -O2 -Werror stopped at "'a' is used
// uninitialized".  u_b against the closed form, with and without -fopenmp.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT

#pragma ck_adjoint wrt(u) out(r)
void conv(const double *u, double *r, int n)
{
	int i;
#pragma omp parallel for
	for (i = 1; i < n - 1; i++)
		for (int j = 1; j < 9; j++) {
			double acc = 0.0;
			for (int a = -1; a <= 1; a++)
				acc += u[(i + a) * 10 + j];
			r[i * 10 + j] = acc * acc;
		}
}
// CHECK-LABEL: static void conv_bwd(
// CHECK: #pragma omp parallel for private(i, j, a) schedule(static)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 6

int main(void)
{
	double u[N * 10], ub[N * 10] = { 0 }, r[N * 10] = { 0 },
	       rb[N * 10] = { 0 }, want[N * 10] = { 0 };
	volatile double base = 0.01; /* (no constant folding) */
	for (int k = 0; k < N * 10; k++)
		u[k] = base * (k % 13) - 0.05;
	for (int i = 1; i < N - 1; i++)
		for (int j = 1; j < 9; j++)
			rb[i * 10 + j] = 1.0 + 10.0 * base * j;
	/* u_b[(i + a) 10 + j] += 2 acc r_b[i 10 + j] */
	for (int i = 1; i < N - 1; i++)
		for (int j = 1; j < 9; j++) {
			double acc = 0.0;
			for (int a = -1; a <= 1; a++)
				acc += u[(i + a) * 10 + j];
			for (int a = -1; a <= 1; a++)
				want[(i + a) * 10 + j] +=
					2.0 * acc * rb[i * 10 + j];
		}
	conv_b(u, ub, r, rb, N);
	for (int k = 0; k < N * 10; k++)
		ck_close("u_b", ub[k], want[k], 1e-13);
	return ck_done();
}
#endif
// OUT: 0 failed
