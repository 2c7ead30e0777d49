// A for loop whose increment must be taped, left by break: refused with
// the way out.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(const double *x, const int *next, int n)
{
	double s = 0.0;
	int k = 0;
	for (int i = 0; i < n; k = next[k], i++) { // CHECK: adjoint-inc-taped-with-exits.c:[[@LINE]]:2: error: the reverse mode does not support this loop: its increment must be taped and the loop is left by break or return; compute the update in the body
		s += x[k] * x[k];
		if (s > 10.0)
			break;
	}
	return s;
}
