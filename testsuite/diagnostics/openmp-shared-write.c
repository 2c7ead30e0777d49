// A scalar that a parallel loop's iterations write must be private to
// them: left shared, it is a race in the primal and in every derivative.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// RUN: not %ckc %s -fopenmp -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x) out(y)
void f(const double *x, double *y, int n, int m)
{
	double t;
	int i, j;
#pragma omp parallel for
	for (i = 0; i < n; i++) {
		// CHECK: openmp-shared-write.c:[[@LINE+2]]:3: error: 't' is shared in this parallel loop, and its iterations write it; declare it inside the loop, or list it in private(...), firstprivate(...), lastprivate(...) or reduction(...)
		// CHECK-NEXT: openmp-shared-write.c:[[@LINE-3]]:9: note: the loop's '#pragma omp parallel for' is here
		t = x[i] * 2;
		y[i] = t;
	}
#pragma omp parallel for
	for (i = 0; i < n; i++)
		// CHECK-NEXT: openmp-shared-write.c:[[@LINE+2]]:8: error: 'j' is shared in this parallel loop, and its iterations write it; declare it inside the loop, or list it in private(...), firstprivate(...), lastprivate(...) or reduction(...)
		// CHECK-NEXT: openmp-shared-write.c:[[@LINE-3]]:9: note: the loop's '#pragma omp parallel for' is here
		for (j = 0; j < m; j++)
			y[i] += x[j];
}
