// A parallel loop whose forward sweep only sums and whose reverse needs
// nothing from later iterations (a sum of squares) was fused into one
// serial loop, f_fb: its result summed in the serial order, not in the
// thread order of f_d's partials, so f_b's result differed from f_d's in
// the last bits on two threads (README: f_b returns f_d's bits).  Such a
// loop is no longer fused: f_fwd's parallel copy reduces into partials
// joined in thread order, as f_d does.  Checked bitwise on 1, 2 and 3
// threads and without -fopenmp.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: env OMP_NUM_THREADS=1 %ckc-run %t.c %s %t.omp1 -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: env OMP_NUM_THREADS=2 %ckc-run --one %t.c %s %t.omp2 -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: env OMP_NUM_THREADS=3 %ckc-run --one %t.c %s %t.omp3 -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT

#pragma ck_adjoint wrt(x)
#pragma ck_tangent wrt(x)
double sq(const double *x, int n)
{
	double s = 0.0;
#pragma omp parallel for reduction(+ : s)
	for (int i = 0; i < n; i++)
		s += x[i] * x[i];
	return s + x[1];
}
// CHECK-NOT: sq_fb(

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	volatile double one = 1.0;
	double x[7], xb[7] = { 0 }, xd[7] = { 0 }, yd;
	for (int i = 0; i < 7; i++)
		x[i] = 0.1 * (i + 1) * one;
	double fb = sq_b(x, xb, 7, 1.0);
	double fd = sq_d(x, xd, 7, &yd);
	ck_equal_bits("f_b's result is f_d's", fb, fd);
	for (int i = 0; i < 7; i++)
		ck_close("x_b", xb[i], 2.0 * x[i] + (i == 1), 1e-15);
	return ck_done();
}
#endif
// OUT: 0 failed
