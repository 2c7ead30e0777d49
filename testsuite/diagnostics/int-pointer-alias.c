// An integer that the reverse sweep reads, changed through a pointer that
// may point to one integer or another, here by a helper, is refused:
// ckc follows such changes through a pointer that always points to the
// same integer, and through a call's argument &k.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
static void bump(int *p, int n)
{
	*p = (*p + 3) % n;
}

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	int k = 0, j = 1;
	int *pk = n > 3 ? &k : &j;
	for (int i = 0; i < n; i++) {
		s += x[i] * x[k] * x[j];
		bump(pk, n); // CHECK: int-pointer-alias.c:[[@LINE]]:8: error: a change through 'pk' may be one of 'k', which the reverse sweep reads, and ckc cannot tell which integer 'pk' points to here; keep one pointer per integer
	}
	return s;
}
// CHECK-NOT: error
