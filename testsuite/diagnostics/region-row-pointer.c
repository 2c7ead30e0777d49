// A pointer into a row of a 2-D array used in a checkpoint region or an
// online loop where it is more than a place in the rows: walked up to
// an end pointer (q != end).  ckc follows a pointer into rows that is
// set, moved, read through and passed whole as an offset, but cannot
// recompute one that is compared, so it refuses the region and says to
// index the rows instead.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <stdlib.h>

#pragma ck_adjoint wrt(x)
double f(const double *x)
{
	double(*M)[2] = malloc(2 * sizeof *M);
	M[1][0] = x[0];
	M[1][1] = x[1];
#pragma ck_checkpoint save(M[0:2]) // CHECK: region-row-pointer.c:[[@LINE]]:9: error: this ck_checkpoint region uses 'r', a pointer into a row of 'M', which ckc cannot recompute yet; index 'M[i][j]' in it instead
	{
		double *r = M[1], *end = M[1] + 2;
		for (; r != end; r++)
			*r = *r * *r;
	}
	double s = M[1][0];
	free(M);
	return s;
}

#pragma ck_hvp wrt(A) out(A)
void g(double (*A)[2], int n)
{
	int k = 0;
#pragma ck_checkpoint online(2) save(A[0:n]) // CHECK: region-row-pointer.c:[[@LINE]]:9: error: this online(K) loop uses 'row', a pointer into a row of 'A', which ckc cannot recompute yet; index 'A[i][j]' in it instead
	while (k < n) {
		double *row = A[k];
		while (row != A[k] + 1) {
			row[1] = row[0] * row[1];
			row++;
		}
		k++;
	}
}
// CHECK-NOT: error
