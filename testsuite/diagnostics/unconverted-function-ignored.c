// Functions that no request reaches are not converted, so what they
// contain (printf, strings, unions, goto) is no error.
// RUN: %ckc %s -o %t.c 2>&1 | count 0
// RUN: test -s %t.c

#include <stdio.h>

#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * x;
}

int main(void)
{
	union {
		double d;
		unsigned long u;
	} b;
	b.d = f(3.0);
	printf("%g\n", b.d);
	if (b.u == 0)
		goto out;
out:
	return 0;
}
