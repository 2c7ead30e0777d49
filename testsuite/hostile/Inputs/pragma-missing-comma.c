// hostile: wrt(x y)
// EXPECT: expected ',' or '\)' in wrt
#pragma ck_tangent wrt(x y)
double f(double x, double y)
{
	return x * y;
}
