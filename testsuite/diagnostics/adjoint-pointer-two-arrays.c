// Reverse mode keeps a pointer as an offset into one array; a pointer that
// may point into either of two arrays is refused, here because the
// function writes through it (a choice between parameters that is only
// read through is accepted: adjoint/pointer-select.c).
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x, y)
double f(double *x, double *y, int n, int which)
{
	double *p = which ? x : y;
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += p[i] * p[i]; // CHECK: adjoint-pointer-two-arrays.c:[[@LINE]]:8: error: 'p' may point into different arrays; the reverse mode takes such a pointer only when it is set to one of two arrays (their start or an element), read through and passed whole
	p[0] *= 2.0;
	return s;
}
