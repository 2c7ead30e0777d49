// A local pointer to integers that moves from one integer to another
// (p = &k, later p = &j) changes one of them with each store, and the
// reverse sweep, which reads both, could not tell which one to put back:
// the store is refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	int k = 0, j = 1;
	int *p = &k;
	for (int i = 0; i < n; i++) {
		s += x[i] * x[k] * x[j];
		*p = (*p + 3) % n; // CHECK: int-pointer-moved.c:[[@LINE]]:3: error: a change through 'p' may be one of 'k', which the reverse sweep reads, and ckc cannot tell which integer 'p' points to here; keep one pointer per integer
		if (i == 2)
			p = &j;
	}
	return s;
}
// CHECK-NOT: error
