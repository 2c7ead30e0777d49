// hostile: A double where a pointer is needed.
// EXPECT: incompatible type
#pragma ck_tangent wrt(x)
double f(double x)
{
	double *p = x;
	return *p;
}
