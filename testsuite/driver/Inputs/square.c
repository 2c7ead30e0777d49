#pragma ck_tangent wrt(x)
double square(double x)
{
	return x * x;
}
