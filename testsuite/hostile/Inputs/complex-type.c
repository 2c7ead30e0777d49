// hostile: _Complex data.
// EXPECT: complex types are not supported
#pragma ck_tangent wrt(x)
double f(double x)
{
	_Complex double z = x;
	return __real__ z;
}
