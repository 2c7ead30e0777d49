// hostile: A pointer to active data stored in an array.
// EXPECT: holds pointers to active data in memory \(an array of pointers\), which ckc does not support yet
#pragma ck_tangent wrt(x)
double f(double *x)
{
	double *a[2];
	a[0] = x;
	return a[0][0];
}
