// Reverse mode keeps a pointer as an offset into one array; a pointer that
// may point into either of two arrays is refused.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x, y)
double f(const double *x, const double *y, int n, int which)
{
	const double *p = which ? x : y;
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += p[i] * p[i]; // CHECK: adjoint-pointer-two-arrays.c:[[@LINE]]:8: error: 'p' may point into different arrays; the reverse mode needs one array per pointer
	return s;
}
