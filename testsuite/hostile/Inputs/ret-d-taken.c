// hostile: A local named like the result's tangent.
// EXPECT: has a variable named 'ret_d'
#pragma ck_tangent wrt(x)
double f(double x)
{
	double ret_d = x;
	return ret_d * x;
}
