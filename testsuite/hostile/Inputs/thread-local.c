// hostile: A _Thread_local static local.
// EXPECT: static local 't' keeps its value from call to call
#pragma ck_tangent wrt(x)
double f(double x)
{
	static _Thread_local double t;
	double r = t * x;
	t = x;
	return r;
}
