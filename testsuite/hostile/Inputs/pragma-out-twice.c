// hostile: Two out clauses.
// EXPECT: out\(...\) given twice
#pragma ck_tangent wrt(x) out(y) out(y)
void f(double x, double *y)
{
	y[0] = x;
}
