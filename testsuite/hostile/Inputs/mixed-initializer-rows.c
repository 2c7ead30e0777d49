// hostile: A 2-D initializer with braced and unbraced rows.
// EXPECT: mixing braced and unbraced rows
#pragma ck_tangent wrt(x)
double f(double x)
{
	double a[2][2] = {{x, 1.0}, 2.0, 3.0};
	return a[0][0] * a[1][1];
}
