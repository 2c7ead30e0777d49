#pragma ck_tangent wrt(x)
double f(double x)
{
	return x +* ;
}
