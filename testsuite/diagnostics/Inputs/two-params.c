#include <math.h>

double f(double x, double y)
{
	return sin(x) * y;
}
