// hostile: The function never closes.
// EXPECT: expected '}'
#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * x;
