// A pointer to active data laundered through an integer, (double *)(n +
// (long)x), gets no shadow: with n = 0, p is x, f = x[0] * x[0] and
// df/dx[0] = 2 x[0], but f_d computes p[0] * x_d[0] = x[0]: a silent wrong
// derivative.  Expected: ckc refuses the cast at its location (it cannot
// follow derivatives through an integer), as it does for other pointer
// expressions it cannot follow.
// Found while writing testsuite/hostile/ (hostile input).
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x)
double f(double *x, long n)
{
	double *p = (double *)(n + (long)x); // CHECK: pointer-through-integer.c:[[@LINE]]:{{[0-9]+}}: error:
	return p[0] * x[0];
}
