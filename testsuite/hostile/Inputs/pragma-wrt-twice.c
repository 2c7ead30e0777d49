// hostile: Two wrt clauses.
// EXPECT: wrt\(...\) given twice
#pragma ck_tangent wrt(x) wrt(x)
double f(double x)
{
	return x * x;
}
