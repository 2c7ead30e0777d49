// hostile: A clause behind a macro: pragmas are not macro-expanded.
// EXPECT: unexpected 'W' in ck_tangent pragma
#define W wrt(x)
#pragma ck_tangent W
double f(double x)
{
	return x * x;
}
