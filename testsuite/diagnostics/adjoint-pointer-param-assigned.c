// Reverse mode does not move pointer parameters back: walking one is
// refused with a way out (a local pointer or an index).
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	while (n > 0) {
		s += *x * *x;
		n--;
		x++; // CHECK: adjoint-pointer-param-assigned.c:[[@LINE]]:3: error: the reverse mode does not support assigning the pointer parameter 'x'; use a local pointer or an index
	}
	return s;
}
