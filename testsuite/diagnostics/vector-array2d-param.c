// Vector mode refuses a two-dimensional array parameter that carries
// directions: its shadow's rows would hold N * ck_nd values, which the
// parameter's type cannot say (scalar tangents and adjoints take it:
// adjoint/array2d-param.c).  So for rows of a length known at run time
// (adjoint/rows-param.c) and for row pointers (adjoint/row-pointers.c).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#define N 3

#pragma ck_tangent wrt(A) vector
double f(const double A[N][N]) // CHECK: vector-array2d-param.c:[[@LINE]]:23: error: vector mode does not take a two-dimensional array parameter ('A'); pass a pointer to its first element (const double *A, read as A[i * N + j])
{
	double s = 0.0;
	for (int i = 0; i < N; i++)
		s += A[i][i] * A[i][N - 1 - i];
	return s;
}

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
