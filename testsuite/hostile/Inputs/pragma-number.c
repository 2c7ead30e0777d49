// hostile: wrt(1)
// EXPECT: expected a parameter name in wrt
#pragma ck_tangent wrt(1)
double f(double x)
{
	return x * x;
}
