// Vector mode refuses a two-dimensional array parameter that carries
// directions when the parameter's type cannot say where its shadow's
// rows are: rows of a length known at run time (adjoint/rows-param.c)
// and row pointers (adjoint/row-pointers.c); scalar tangents and
// adjoints take both.  (Rows of a fixed length, const double A[N][N],
// are taken: tangent/vector-rows-param.c.)
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(A) vector
double g(int n, int m, const double A[n][m]) // CHECK: vector-array2d-param.c:[[@LINE]]:37: error: vector mode does not take a two-dimensional array parameter ('A'); pass a pointer to its first element (const double *A, read as A[i * N + j])
{
	return A[0][0] * A[n - 1][m - 1];
}

#pragma ck_tangent wrt(A) vector
double h(const double *const *A, int n)
{ // CHECK: vector-array2d-param.c:[[@LINE-1]]:31: error: vector mode does not take a two-dimensional array parameter ('A'); pass a pointer to its first element (const double *A, read as A[i * N + j])
	return A[0][0] * A[n - 1][n - 1];
}
