// The reverse sweep reads integers behind a pointer parameter (here as
// indices) from the caller's array, which holds what f left there: when
// f changes them, their old values are gone, and ckc refuses rather than
// index with the new ones.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#pragma ck_adjoint wrt(x)
double f(const double *x, int *idx, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += x[idx[i]] * x[idx[i]] * (i + 1); // CHECK: int-param-changed.c:[[@LINE]]:10: error: the reverse sweep reads the integers behind parameter 'idx' again, but 'f' changes them, so their old values are gone; copy them into a local array (or a malloc'd buffer) and change the copy
	for (int i = 0; i < n; i++)
		idx[i] = (idx[i] + 1) % n;
	return s;
}
// CHECK-NOT: error
