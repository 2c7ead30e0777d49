/* Needs -D OFFSET=... and -include pre.h (which defines SLOPE). */
#pragma ck_tangent wrt(x)
double other(double x)
{
	return SLOPE * x + OFFSET;
}
