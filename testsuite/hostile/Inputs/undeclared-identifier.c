// hostile: A name that is declared nowhere.
// EXPECT: use of undeclared identifier 'y'
#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * y;
}
