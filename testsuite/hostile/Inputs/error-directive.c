// hostile: #error stops the file.
// EXPECT: error: "stop here"
#error "stop here"
#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * x;
}
