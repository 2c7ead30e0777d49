// memcpy from an array of float into one of double is refused, at the
// call: its bytes are not the values.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <string.h>

#pragma ck_adjoint wrt(x)
double f(const float *x)
{
	double a[2];
	memcpy(a, x, 2 * sizeof(double)); // CHECK: memcpy-mixed-types.c:[[@LINE]]:2: error: memcpy between arrays of different element types is not supported; copy element by element
	return a[0] * a[1];
}
// CHECK-NOT: error
