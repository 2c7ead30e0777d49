// hostile: A character C does not know.
// EXPECT: error:
#pragma ck_tangent wrt(x)
double f(double x)
{
	return x ` x;
}
