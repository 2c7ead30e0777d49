// hostile: A statement without its semicolon.
// EXPECT: expected ';'
#pragma ck_tangent wrt(x)
double f(double x)
{
	double y = x * x
	return y;
}
