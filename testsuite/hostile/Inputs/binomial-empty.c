// hostile: binomial()
// EXPECT: binomial\(\) takes a positive integer
#pragma ck_tangent wrt(x)
double f(double x, int n)
{
#pragma ck_checkpoint binomial()
	for (int i = 0; i < n; i++)
		x = x * x;
	return x;
}
