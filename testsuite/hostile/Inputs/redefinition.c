// hostile: The differentiated function defined twice.
// EXPECT: redefinition of 'f'
#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * x;
}

double f(double x)
{
	return x;
}
