// memset of a floating-point array to a byte other than 0 is refused, at
// the value.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <string.h>

#pragma ck_tangent wrt(x)
double f(double x)
{
	double a[4];
	memset(a, 0xff, sizeof a); // CHECK: memset-nonzero.c:[[@LINE]]:12: error: memset of a floating-point array to anything but 0 is not supported; assign the elements in a loop
	a[1] = x;
	return a[1] * x;
}
// CHECK-NOT: error
