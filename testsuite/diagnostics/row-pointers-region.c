// A checkpoint region that changes the rows behind row pointers
// (adjoint/row-pointers.c) is refused: save() cannot cover them.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <math.h>

#pragma ck_adjoint wrt(A) out(A)
void relax(int n, double **A, int m)
{
	for (int t = 0; t < 3; t++) {
#pragma ck_checkpoint save(A[0:n]) // CHECK: row-pointers-region.c:[[@LINE]]:9: error: this ck_checkpoint region uses the rows of 'A', which the function changes; ckc cannot save rows behind row pointers yet; put the region where they no longer change, or pass the matrix as one array
		for (int i = 1; i < n - 1; i++)
			for (int j = 0; j < m; j++)
				A[i][j] = 0.5 * A[i][j] +
					  0.25 * sin(A[i - 1][j] + A[i + 1][j]);
	}
}
// CHECK-NOT: error
