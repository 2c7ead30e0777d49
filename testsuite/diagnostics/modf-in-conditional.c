// modf, frexp and sincos are split into stores and a value before the
// statement that calls them (adjoint/math/modf-frexp.c); in an arm of ?:
// or on the right of && the call may not run, so there it is refused,
// with the way out.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <math.h>

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0, ip;
	for (int i = 0; i < n; i++)
		s += x[i] > 0 ? modf(x[i], &ip) * ip : x[i]; // CHECK: modf-in-conditional.c:[[@LINE]]:19: error: 'modf' writes through a pointer, which ckc differentiates only in a statement, a condition or a declaration, where the call always runs: not in an arm of ?:, on the right of && or ||, or in a for loop's increment; call it in a statement of its own
	return s;
}
// CHECK-NOT: error
