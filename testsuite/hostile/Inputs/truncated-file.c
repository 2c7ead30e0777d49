// hostile: The file ends in the middle of an expression.
// EXPECT: expected expression
#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * 