// A pointer that a ?: sets to either of two parameters and that the
// function writes through (p[0] *= 2.0) changes the data of both as far
// as ckc can tell: with x and y in wrt() only, ckc asks for them in out()
// too, at each.  (It refused the pointer itself before; with out(x, y)
// the writes are differentiated: adjoint/swap-param-buffers.c.)
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x, y) // CHECK: adjoint-pointer-two-arrays.c:[[@LINE]]:24: error: 'x' is in wrt() and 'f' changes the data it points to; name it in out() too
double f(double *x, double *y, int n, int which)
{
	double *p = which ? x : y;
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += p[i] * p[i];
	p[0] *= 2.0;
	return s;
}
// CHECK: adjoint-pointer-two-arrays.c:10:27: error: 'y' is in wrt() and 'f' changes the data it points to; name it in out() too
// CHECK-NOT: error
