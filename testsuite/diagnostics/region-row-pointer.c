// A pointer into a row of a 2-D array (double *r = M[1]) used in a
// checkpoint region: ckc cannot recompute its offset from the rows' base
// yet, so it refuses the region (the output did not compile) and says to
// index the rows instead.  Also in an online loop, and with vector mode.
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
		double *r = M[1];
		r[0] = r[0] * r[1];
	}
	double s = M[1][0];
	free(M);
	return s;
}

#pragma ck_hvp wrt(A) out(A) vector
void g(double (*A)[2], int n)
{
	int k = 0;
#pragma ck_checkpoint online(2) save(A[0:n]) // CHECK: region-row-pointer.c:[[@LINE]]:9: error: this online(K) loop uses 'row', a pointer into a row of 'A', which ckc cannot recompute yet; index 'A[i][j]' in it instead
	while (k < n) {
		double *row = A[k];
		row[1] = row[0] * row[1];
		k++;
	}
}
// CHECK-NOT: error
