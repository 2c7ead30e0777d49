// An integer table on the heap that indexes active data is read again by
// the reverse sweep from its own buffer (adjoint/index-table-heap.c) when
// a local pointer allocates it with malloc or calloc and it is read
// through that pointer.  A resized table, a table read through another
// pointer and one named in a checkpoint region are refused, and the
// message says which tables ckc keeps.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <math.h>
#include <stdlib.h>

#pragma ck_adjoint wrt(x)
double resized(const double *x, int n)
{
	int *perm = malloc((size_t)n * sizeof(int));
	double s = 0;
	perm = realloc(perm, 2 * (size_t)n * sizeof(int));
	for (int i = 0; i < n; i++)
		perm[i] = (i * 7) % n;
	for (int i = 0; i < n; i++)
		s += sin(x[perm[i]]) * x[i]; // CHECK: index-array-heap.c:[[@LINE]]:14: error: the reverse sweep cannot read the integers behind the pointer 'perm' again: ckc keeps integer tables in local arrays, and in buffers that a local pointer allocates with malloc or calloc, never resizes and names in no checkpoint region, read through that pointer
	free(perm);
	return s;
}

#pragma ck_adjoint wrt(x)
double other(const double *x, int n)
{
	int *perm = malloc((size_t)n * sizeof(int));
	double s = 0;
	for (int i = 0; i < n; i++)
		perm[i] = (i * 7) % n;
	const int *q = perm;
	for (int i = 0; i < n; i++)
		s += sin(x[q[i]]) * x[i]; // CHECK: index-array-heap.c:[[@LINE]]:14: error: the reverse sweep cannot read the integers behind the pointer 'q' again
	free(perm);
	return s;
}

#pragma ck_adjoint wrt(x)
double region(const double *x, int n)
{
	int *perm = malloc((size_t)n * sizeof(int));
	double s = 0;
	for (int i = 0; i < n; i++)
		perm[i] = (i * 7) % n;
#pragma ck_checkpoint // CHECK: index-array-heap.c:[[@LINE]]:9: error: the reverse mode cannot tell which array 'perm' points into
	for (int i = 0; i < n; i++)
		s += sin(x[perm[i]]) * x[i]; // CHECK: index-array-heap.c:[[@LINE]]:14: error: the reverse sweep cannot read the integers behind the pointer 'perm' again
	free(perm);
	return s;
}
