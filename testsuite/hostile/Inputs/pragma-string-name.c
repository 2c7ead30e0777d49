// hostile: wrt("x")
// EXPECT: expected a parameter name in wrt
#pragma ck_tangent wrt("x")
double f(double x)
{
	return x * x;
}
