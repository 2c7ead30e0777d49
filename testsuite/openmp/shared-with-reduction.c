// shared(...) on a parallel loop whose floating reduction the output
// makes itself (an omp parallel region around an omp for, then the
// partials joined in thread order): the clause goes on the region, where
// OpenMP takes it; it was printed on the omp for, which gcc and clang
// refuse.  Tangent and adjoint against each other and the closed form,
// with and without -fopenmp.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	int i;
#pragma omp parallel for shared(x) reduction(+ : s)
	for (i = 0; i < n; i++)
		s += x[i] * x[i];
	return s;
}
// CHECK-LABEL: double f_d(
// CHECK: #pragma omp parallel shared(x, x_d){{$}}
// CHECK: #pragma omp for{{$}}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	double x[7], xd[7], xb[7] = { 0 }, yd;
	for (int i = 0; i < 7; i++) {
		x[i] = 0.5 * i - 1.0;
		xd[i] = 1.0 - 0.25 * i;
	}
	f_d(x, xd, 7, &yd);
	f_b(x, xb, 7, 1.0);
	for (int i = 0; i < 7; i++)
		ck_close("f_b", xb[i], 2.0 * x[i], 1e-15);
	ck_close("f_d against f_b", yd, ck_dot(xb, xd, 7), 1e-14);
	return ck_done();
}
#endif
// OUT: 0 failed
