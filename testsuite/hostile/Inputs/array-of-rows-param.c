// hostile: A two-dimensional array parameter (a pointer to rows) in vector
// mode, whose shadow's rows would need N * ck_nd values.
// EXPECT: vector mode does not take a two-dimensional array parameter
#pragma ck_tangent wrt(m) vector
double f(double m[][3])
{
	return m[1][2] * m[0][0];
}
