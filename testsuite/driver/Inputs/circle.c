#include <math.h>

#pragma ck_tangent wrt(r)
double circle(double r)
{
	return M_PI * r * r;
}
