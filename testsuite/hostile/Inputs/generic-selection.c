// hostile: _Generic on an active value.
// EXPECT: _Generic is not supported
#pragma ck_tangent wrt(x)
double f(double x)
{
	return _Generic(x, double: x, default: 0.0);
}
