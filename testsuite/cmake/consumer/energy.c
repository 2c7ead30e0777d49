/* energy.c - the kernel: ENERGY_GAIN comes from the target's compile
 * definitions, ENERGY_SCALE from include/energy.h. */
#include <math.h>

#include "energy.h"

#pragma ck_adjoint wrt(x)
double energy(const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += ENERGY_GAIN * ENERGY_SCALE * sin(x[i]) * x[i];
	return s;
}
