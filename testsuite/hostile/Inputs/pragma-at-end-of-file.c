// hostile: A request with no function after it.
// EXPECT: must be followed by a function definition
double f(double x)
{
	return x * x;
}
#pragma ck_tangent wrt(x)
