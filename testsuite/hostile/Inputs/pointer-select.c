// hostile: A pointer chosen by ?: between active data and a null pointer.
// EXPECT: cannot follow derivatives through this pointer expression
#pragma ck_tangent wrt(x)
double f(double *x, int n)
{
	double *p = n > 0 ? x : 0;
	return p[0] * x[0];
}
