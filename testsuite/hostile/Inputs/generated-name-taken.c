// hostile: A converted function already named f_d.
// EXPECT: cannot generate 'f_d': the name is already used
static double f_d(double x)
{
	return x;
}

#pragma ck_tangent wrt(x)
double f(double x)
{
	return f_d(x) * x;
}
