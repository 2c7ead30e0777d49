/* No pragmas: derivatives are requested on the command line. */
#include <math.h>

double energy(const double *q, double k, int n)
{
	double e = 0.0;
	for (int i = 0; i < n; i++)
		e += 0.5 * k * q[i] * q[i] + cos(q[i]);
	return e;
}
