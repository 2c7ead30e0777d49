// A parameter declared as a pointer to row pointers (adjoint/row-pointers.c)
// may be indexed and passed on whole; other uses are refused, and so is
// changing a row pointer (swapping rows), whose shadow could not follow.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(A)
double deref(double **A, int n)
{
	return **A * A[n - 1][0]; // CHECK: row-pointers.c:[[@LINE]]:11: error: 'A', a pointer to row pointers, may only be indexed or passed whole to a function
}

#pragma ck_tangent wrt(A)
double swaprows(double **A, int n)
{
	double *t = A[0];
	A[0] = A[n - 1]; // CHECK: row-pointers.c:[[@LINE]]:2: error: changing a row pointer of 'A' is not supported; move the rows' elements instead, or keep the order in an int array
	A[n - 1] = t;
	return A[0][0] * A[1][1];
}
// CHECK: row-pointers.c:17:2: note: 1 more error like this in 'swaprows' not shown
// CHECK-NOT: error
