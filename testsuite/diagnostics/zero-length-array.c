// A zero-length array (GNU C) cannot be written as C99.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(double x)
{
	double spare[0]; // CHECK: zero-length-array.c:[[@LINE]]:9: error: zero-length arrays are not C99, which ckc writes; give the array a size
	return x * x;
}
