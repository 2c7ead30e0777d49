/* *r = sqrt(r0^2 + sum x_i^2):  dr = (r0 dr0 + sum x_i dx_i) / r;
 * adjoint: rb = *r_b; x_b += rb x / r; *r_b = rb r0 / r. */
#include "nrm.h"

#include <math.h>
#include <stddef.h>

static double value(int n, const double *x, double r0)
{
	double s = r0 * r0;
	for (int i = 0; i < n; i++)
		s += x[i] * x[i];
	return sqrt(s);
}

void nrm(int n, const double *x, double *r)
{
	*r = value(n, x, *r);
}

void nrm_d(int n, const double *x, const double *x_d, double *r, double *r_d)
{
	double r0 = *r, r1 = value(n, x, r0), d = r_d ? r0 * *r_d : 0.0;
	if (x_d)
		for (int i = 0; i < n; i++)
			d += x[i] * x_d[i];
	if (r_d)
		*r_d = d / r1;
	*r = r1;
}

void nrm_b(int n, const double *x, double *x_b, double *r, double *r_b)
{
	double r0 = *r, r1 = value(n, x, r0), rb = *r_b;
	if (x_b)
		for (int i = 0; i < n; i++)
			x_b[i] += rb * x[i] / r1;
	*r_b = rb * r0 / r1;
	*r = r1;
}
