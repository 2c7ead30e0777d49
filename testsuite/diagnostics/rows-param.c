// A parameter declared as rows of a length known at run time
// (adjoint/rows-param.c) may only be indexed or passed on whole: other
// uses, which would step by rows, are refused, and so is a part larger
// than a row of scalars (a plane of a three-dimensional one); so are rows
// of structs.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(A)
double deref(int n, int m, const double A[n][m])
{
	const double *p = *A; // CHECK: rows-param.c:[[@LINE]]:21: error: 'A', whose rows have a length known at run time, may only be indexed down to a row of scalars or passed whole to a function
	return p[0] * A[n - 1][m - 1];
}

#pragma ck_adjoint wrt(A)
double step(int n, int m, const double (*A)[m])
{
	double s = 0;
	for (int i = 0; i < n; i++, A++) // CHECK: rows-param.c:[[@LINE]]:30: error: 'A', whose rows have a length known at run time, may only be indexed down to a row of scalars or passed whole to a function
		s += A[0][i % m];
	return s;
}

static double sum2(int m, const double P[m][2])
{
	double s = 0;
	for (int j = 0; j < m; j++)
		s += P[j][0] * P[j][1];
	return s;
}

#pragma ck_adjoint wrt(T)
double plane(int n, int m, const double T[n][m][2])
{
	return sum2(m, T[n - 1]); // CHECK: rows-param.c:[[@LINE]]:17: error: 'T', whose rows have a length known at run time, may only be indexed down to a row of scalars or passed whole to a function
}

typedef struct {
	double a, b;
} pair;

#pragma ck_adjoint wrt(P)
double pairs(int n, int m, const pair P[n][m]) // CHECK: rows-param.c:[[@LINE]]:39: error: parameter 'P' has rows of a length known at run time whose elements are not floating-point or integer scalars; pass a pointer to the first element instead
{
	return P[0][0].a * P[n - 1][m - 1].b;
}
// CHECK-NOT: error
