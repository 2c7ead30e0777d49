// hostile: An unknown function called inside an active expression.
// EXPECT: the call to 'ext' would have to run twice
double ext(void);

#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * x * ext();
}
