// A function that calls itself is refused at the call.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x)
double f(double x, int n)
{
	if (n == 0)
		return x;
	return x * f(x, n - 1); // CHECK: recursion.c:[[@LINE]]:13: error: recursive call to 'f' is not supported
}
