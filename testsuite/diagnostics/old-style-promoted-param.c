// An old-style definition whose parameter the default promotions change
// (callers pass a float as a double) cannot be declared with ckc's
// prototypes; an old-style definition with a double parameter is fine.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

static double twice(a) double a;
{
	return 2.0 * a;
}

static double half(a) float a; // CHECK: old-style-promoted-param.c:[[@LINE]]:29: error: parameter 'a' of the old-style definition of 'half' has type 'float', which callers pass promoted; write a prototype definition
{
	return a / 2.0f;
}

#pragma ck_tangent wrt(x)
double f(double x)
{
	return twice(x) + half(x);
}
