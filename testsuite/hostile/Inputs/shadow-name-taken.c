// hostile: A parameter already named like another's tangent.
// EXPECT: cannot name the tangent of parameter 'x': 'x_d' is already used
#pragma ck_tangent wrt(x)
double f(double x, double x_d)
{
	return x * x_d;
}
