// hostile: A call to an undeclared function (an error in C99).
// EXPECT: call to undeclared function 'mystery'
#pragma ck_tangent wrt(x)
double f(double x)
{
	return mystery(x);
}
