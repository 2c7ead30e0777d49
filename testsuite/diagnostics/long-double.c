// long double data is refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	long double acc = x; // CHECK: long-double.c:[[@LINE]]:14: error: long double is not supported
	return (double)acc;
}
