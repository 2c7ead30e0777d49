// Using a function as a value (a callback) is refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

double apply(double (*g)(double), double v);

static double sq(double v)
{
	return v * v;
}

#pragma ck_tangent wrt(x)
double f(double x)
{
	return apply(sq, x); // CHECK: function-as-value.c:[[@LINE]]:15: error: function pointers are not supported
}
