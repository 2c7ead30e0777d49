// A parameter declared as rows of a length known at run time
// (adjoint/rows-param.c) may only be indexed or passed on whole: other
// uses, which would step by rows, are refused; so are rows whose
// elements are arrays.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(A)
double deref(int n, int m, const double A[n][m])
{
	const double *p = *A; // CHECK: rows-param.c:[[@LINE]]:21: error: 'A', whose rows have a length known at run time, may only be indexed (A[i][j], A[i]) or passed to a function
	return p[0] * A[n - 1][m - 1];
}

#pragma ck_adjoint wrt(A)
double step(int n, int m, const double (*A)[m])
{
	double s = 0;
	for (int i = 0; i < n; i++, A++) // CHECK: rows-param.c:[[@LINE]]:30: error: 'A', whose rows have a length known at run time, may only be indexed (A[i][j], A[i]) or passed to a function
		s += A[0][i % m];
	return s;
}

#pragma ck_adjoint wrt(T)
double planes(int n, int m, const double T[n][m][2]) // CHECK: rows-param.c:[[@LINE]]:42: error: parameter 'T' has rows of a length known at run time whose elements are not floating-point or integer scalars; pass a pointer to the first element instead
{
	return T[0][0][0];
}
// CHECK-NOT: error
