// The clauses and shape of a '#pragma omp parallel for' that ckc refuses,
// each where it is: a loop without its index's init, a collapse that is
// not a literal, unknown or malformed variables in a clause, an array
// section in a reduction, two
// directives before one loop, and '#pragma omp for' outside a parallel
// region.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x) out(y)
void f(const double *x, double *y, int n)
{
	int i = 0;
	double h[4] = {0, 0, 0, 0};
#pragma omp parallel for
// CHECK: openmp-clauses.c:[[@LINE+1]]:2: error: a loop of '#pragma omp parallel for' must set its index in its init: for (i = lo; i < hi; i++)
	for (; i < n; i++)
		y[i] = x[i];
// CHECK-NEXT: openmp-clauses.c:[[@LINE+1]]:26: error: collapse(...) needs an integer literal from 1 to 8
#pragma omp parallel for collapse(k)
	for (i = 0; i < n; i++)
		y[i] += x[i];
// CHECK-NEXT: openmp-clauses.c:[[@LINE+1]]:34: error: no variable named 'zz' here
#pragma omp parallel for private(zz)
	for (i = 0; i < n; i++)
		y[i] += x[i];
// CHECK-NEXT: openmp-clauses.c:[[@LINE+1]]:34: error: expected a variable name in private(...)
#pragma omp parallel for private(1)
	for (i = 0; i < n; i++)
		y[i] += x[i];
// CHECK-NEXT: openmp-clauses.c:[[@LINE+1]]:39: error: ckc does not support array sections in reduction(...) yet; name whole variables (reduce into scalars, or accumulate the array in a loop of its own)
#pragma omp parallel for reduction(+:h[:4])
	for (i = 0; i < n; i++)
		h[i % 4] += x[i];
#pragma omp parallel for
// CHECK-NEXT: openmp-clauses.c:[[@LINE+1]]:9: error: only one '#pragma omp' directive may precede a loop here
#pragma omp parallel for
	for (i = 0; i < n; i++)
		y[i] += x[i];
// CHECK-NEXT: openmp-clauses.c:[[@LINE+1]]:9: error: '#pragma omp for' is not supported in differentiated code; ckc differentiates '#pragma omp parallel for' loops, and '#pragma omp parallel' regions around one '#pragma omp for' loop
#pragma omp for
	for (i = 0; i < n; i++)
		y[i] += x[i];
}
