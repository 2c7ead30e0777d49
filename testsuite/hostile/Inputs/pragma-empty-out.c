// hostile: out()
// EXPECT: expected a parameter name in out
#pragma ck_tangent wrt(x) out()
double f(double x)
{
	return x * x;
}
