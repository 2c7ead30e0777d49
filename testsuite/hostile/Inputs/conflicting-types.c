// hostile: A prototype that contradicts the definition.
// EXPECT: conflicting types for 'f'
float f(float x);

#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * x;
}
