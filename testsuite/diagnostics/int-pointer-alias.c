// An integer that the reverse sweep reads, changed through a pointer that
// may point to one integer or another, is refused where the address is
// taken: ckc follows such changes through a pointer that always points
// to the same integer, and through a call's argument (h(&k)).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	int k = 0, j = 1;
	int *pk = n > 3 ? &k : &j; // CHECK: int-pointer-alias.c:[[@LINE]]:20: error: the reverse sweep reads 'k', and a pointer taken here may change it where ckc cannot see; change 'k' directly, or through a function's parameter
	// CHECK: int-pointer-alias.c:[[@LINE-1]]:25: error: the reverse sweep reads 'j', and a pointer taken here may change it where ckc cannot see; change 'j' directly, or through a function's parameter
	for (int i = 0; i < n; i++) {
		s += x[i] * x[k] * x[j];
		*pk = (*pk + 3) % n;
	}
	return s;
}
// CHECK-NOT: error
