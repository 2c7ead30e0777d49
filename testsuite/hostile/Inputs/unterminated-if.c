// hostile: An #if without its #endif.
// EXPECT: unterminated conditional directive
#if 1
#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * x;
}
