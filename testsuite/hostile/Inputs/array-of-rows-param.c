// hostile: A two-dimensional array parameter of rows of a length known at
// run time in vector mode, whose shadow's rows would need n * ck_nd
// values.
// EXPECT: vector mode does not take a two-dimensional array parameter
#pragma ck_tangent wrt(m) vector
double f(int n, double m[][n])
{
	return m[1][2] * m[0][0];
}
