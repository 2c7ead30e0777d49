// hostile: A pointer to active data stored in an array.
// EXPECT: storing pointers to active data in memory is not supported
#pragma ck_tangent wrt(x)
double f(double *x)
{
	double *a[2];
	a[0] = x;
	return a[0][0];
}
