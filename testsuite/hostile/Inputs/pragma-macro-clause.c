// hostile: A clause behind a macro: only clause arguments are macro-expanded.
// EXPECT: unexpected 'W' in ck_tangent pragma
#define W wrt(x)
#pragma ck_tangent W
double f(double x)
{
	return x * x;
}
