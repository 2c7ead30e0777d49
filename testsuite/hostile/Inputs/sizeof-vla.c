// hostile: sizeof of a variable-length array type.
// EXPECT: sizeof of a variable-length array is not supported
#pragma ck_tangent wrt(x)
double f(double x, int n)
{
	return x * sizeof(double[n]);
}
