// hostile: A function defined inside another (a GNU extension, not C).
// EXPECT: function definition is not allowed here
#pragma ck_tangent wrt(x)
double f(double x)
{
	double g(double y) { return y * y; }
	return g(x);
}
