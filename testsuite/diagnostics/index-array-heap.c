// An integer table on the heap that indexes active data cannot be read
// again by the reverse sweep: ckc keeps integer tables in local arrays of
// a fixed size only (adjoint/index-array-filled.c), and says so.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <math.h>
#include <stdlib.h>

#pragma ck_adjoint wrt(x)
double perm_sum(const double *x, int n)
{
	int *perm = malloc((size_t)n * sizeof(int));
	double s = 0;
	for (int i = 0; i < n; i++)
		perm[i] = (i * 7) % n;
	for (int i = 0; i < n; i++)
		s += sin(x[perm[i]]) * x[i]; // CHECK: index-array-heap.c:[[@LINE]]:14: error: the reverse sweep cannot read the integers behind the pointer 'perm' again: ckc keeps integer tables only in local arrays of a fixed size; declare 'int perm[N]' with a bound N on its length
	free(perm);
	return s;
}
// CHECK-NOT: error
