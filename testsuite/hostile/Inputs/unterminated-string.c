// hostile: A string literal without its closing quote.
// EXPECT: expected expression
#pragma ck_tangent wrt(x)
double f(double x)
{
	const char *s = "abc;
	return x * x;
}
