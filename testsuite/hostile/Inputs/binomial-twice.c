// hostile: binomial(2) binomial(3)
// EXPECT: binomial\(...\) given twice
#pragma ck_tangent wrt(x)
double f(double x, int n)
{
#pragma ck_checkpoint binomial(2) binomial(3)
	for (int i = 0; i < n; i++)
		x = x * x;
	return x;
}
