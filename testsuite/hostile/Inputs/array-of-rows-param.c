// hostile: A two-dimensional array parameter: a pointer to rows.
// EXPECT: pointer to pointers to floating-point data
#pragma ck_tangent wrt(m)
double f(double m[][3])
{
	return m[1][2] * m[0][0];
}
