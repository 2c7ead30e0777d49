// hostile: A comment runs to the end of the file.
// EXPECT: unterminated /\* comment
#pragma ck_tangent wrt(x)
double f(double x)
{
	/* return x;
}
