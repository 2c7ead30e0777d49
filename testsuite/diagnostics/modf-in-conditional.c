// modf, frexp and sincos are split into stores and a value before the
// statement that calls them (adjoint/math/modf-frexp.c); in a for loop's
// increment that cannot be done, so there it is refused, with the way
// out.  In an arm of ?: or right of && they run in tests of their own
// (adjoint/call-in-conditional.c).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <math.h>

#pragma ck_adjoint wrt(x)
double f(const double *x)
{
	double s = 0, ip;
	for (double t = x[0]; t < 10.0; t += modf(t, &ip) + 1.0) // CHECK: modf-in-conditional.c:[[@LINE]]:39: error: 'modf' writes through a pointer, which ckc differentiates only where it can call it in a statement of its own: not in a for loop's increment, nor in an arm of a ?: of integers or pointers; call it in a statement of its own
		s += t * ip;
	return s;
}
// CHECK-NOT: error
