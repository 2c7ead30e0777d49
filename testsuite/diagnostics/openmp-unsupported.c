// OpenMP in differentiated code: '#pragma omp parallel for' with the
// clauses ckc supports; every other directive and clause is refused where
// it is.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x) out(y)
void f(const double *x, double *y, int n)
{
	int i;
// CHECK: openmp-unsupported.c:[[@LINE+1]]:26: error: schedule(dynamic) is not supported: ckc's derivatives of a parallel loop need schedule(static[, chunk]), which gives every thread the same iterations in every run
#pragma omp parallel for schedule(dynamic)
	for (i = 0; i < n; i++)
		y[i] += x[i];
// CHECK-NEXT: openmp-unsupported.c:[[@LINE+1]]:26: error: 'ordered' is not supported on '#pragma omp parallel for' in differentiated code; ckc supports private, firstprivate, lastprivate, shared, reduction, schedule(static), collapse, num_threads, if, proc_bind and default
#pragma omp parallel for ordered
	for (i = 0; i < n; i++)
		y[i] += x[i];
// CHECK-NEXT: openmp-unsupported.c:[[@LINE+1]]:9: error: a '#pragma omp parallel' region in differentiated code may hold only declarations and one '#pragma omp for' loop; write it as '#pragma omp parallel for'
#pragma omp parallel
	{
		y[0] += x[0];
	}
// CHECK-NEXT: openmp-unsupported.c:[[@LINE+1]]:9: error: collapse(2) needs 2 perfectly nested for loops
#pragma omp parallel for collapse(2)
	for (i = 0; i < n; i++)
		y[i] += x[i];
	for (i = 0; i < n; i++) {
// CHECK-NEXT: openmp-unsupported.c:[[@LINE+1]]:9: error: '#pragma omp atomic' is not supported in differentiated code; ckc differentiates '#pragma omp parallel for' loops, and '#pragma omp parallel' regions around one '#pragma omp for' loop
#pragma omp atomic
		y[0] += x[i];
	}
// CHECK-NEXT: openmp-unsupported.c:[[@LINE+1]]:9: error: '#pragma omp parallel for simd' is not supported in differentiated code; ckc differentiates '#pragma omp parallel for' loops, and '#pragma omp parallel' regions around one '#pragma omp for' loop
#pragma omp parallel for simd
	for (i = 0; i < n; i++)
		y[i] += x[i];
// CHECK-NEXT: openmp-unsupported.c:[[@LINE+1]]:36: error: expected a reduction operator (+, -, *, max, min, &, |, ^, &&, ||) in reduction(...)
#pragma omp parallel for reduction(foo : i)
	for (i = 0; i < n; i++)
		y[i] += x[i];
// CHECK-NEXT: openmp-unsupported.c:[[@LINE+1]]:9: error: '#pragma omp parallel for' must be followed by a for loop
#pragma omp parallel for
	i = 0;
}
