// hostile: out(y without its parenthesis.
// EXPECT: expected ',' or '\)' in out
#pragma ck_tangent wrt(x) out(y
void f(double x, double *y)
{
	y[0] = x;
}
