// hostile: An #include of a file that does not exist.
// EXPECT: 'no-such-header.h' file not found
#include "no-such-header.h"
#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * x;
}
