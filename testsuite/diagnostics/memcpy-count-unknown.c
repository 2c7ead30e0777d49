// A memcpy on floating-point arrays whose byte count ckc cannot divide into
// elements (a variable, or a constant that is not a multiple of the
// element's size) is refused, at the count.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <string.h>

#pragma ck_adjoint wrt(x)
double f(const double *x, size_t bytes)
{
	double a[8];
	memcpy(a, x, bytes); // CHECK: memcpy-count-unknown.c:[[@LINE]]:15: error: ckc cannot tell how many elements this memcpy covers; write the size as a count times sizeof(double)
	return a[0] * a[1];
}

#pragma ck_adjoint wrt(x)
double g(const double *x)
{
	double a[8];
	memcpy(a, x, 12); // CHECK: memcpy-count-unknown.c:[[@LINE]]:15: error: ckc cannot tell how many elements this memcpy covers; write the size as a count times sizeof(double)
	return a[0] * a[1];
}
// CHECK-NOT: error
