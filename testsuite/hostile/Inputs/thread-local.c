// hostile: A _Thread_local static local.
// EXPECT: static local 't' is not supported
#pragma ck_tangent wrt(x)
double f(double x)
{
	static _Thread_local double t;
	t = x;
	return t * x;
}
