// binomial() takes a positive integer literal.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x)
double f(double x, int n)
{
// CHECK: binomial-not-positive.c:[[@LINE+1]]:32: error: binomial() takes a positive integer
#pragma ck_checkpoint binomial(0)
	for (int i = 0; i < n; i++)
		x = x * 0.5;
	return x;
}
