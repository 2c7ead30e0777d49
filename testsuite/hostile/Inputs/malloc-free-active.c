// hostile: Active data in malloc'd memory handed to free.
// EXPECT: no derivative rule for 'free'
#include <stdlib.h>

#pragma ck_tangent wrt(x)
double f(double x, int n)
{
	double *p = malloc(sizeof(double) * n);
	p[0] = x;
	double r = p[0] * x;
	free(p);
	return r;
}
