// An OpenMP directive that precedes no statement of a differentiated
// function is refused too.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x) out(y)
void f(const double *x, double *y, int n)
{
	int i;
	for (i = 0; i < n; i++)
		y[i] = x[i];
// CHECK: openmp-directive-at-end.c:[[@LINE+1]]:9: error: '#pragma omp' is supported in differentiated code only as '#pragma omp parallel for' before a for loop, or '#pragma omp parallel' around one '#pragma omp for' loop
#pragma omp barrier
}
