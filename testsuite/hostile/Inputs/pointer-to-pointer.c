// hostile: A wrt parameter of type double *** (double ** is rows).
// EXPECT: has type 'double \*\*\*'; only floating-point scalars, pointers
#pragma ck_tangent wrt(x)
double f(double ***x)
{
	return x[0][0][0];
}
