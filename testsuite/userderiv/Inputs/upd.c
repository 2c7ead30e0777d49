/* y[i] = a y[i]^2 + x[i]:
 *   tangent  y_d' = a_d y^2 + 2 a y y_d + x_d
 *   adjoint  a_b += yb y^2;  x_b += yb;  y_b = 2 a y yb
 * and the tangent of the adjoint.  Null shadows count as zero (inputs)
 * or are not written (outputs), and are counted. */
#include "upd.h"

#include <stddef.h>

int upd_nulls;

static double at(const double *p, int i)
{
	return p ? p[i] : 0.0;
}

void upd(int n, double a, const double *x, double *y)
{
	for (int i = 0; i < n; i++)
		y[i] = a * y[i] * y[i] + x[i];
}

void upd_d(int n, double a, double a_d, const double *x, const double *x_d,
	   double *y, double *y_d)
{
	upd_nulls += !x_d + !y_d;
	for (int i = 0; i < n; i++) {
		double yi = y[i];
		if (y_d)
			y_d[i] = a_d * yi * yi + 2 * a * yi * y_d[i] + at(x_d, i);
		y[i] = a * yi * yi + x[i];
	}
}

void upd_b(int n, double a, double *a_b, const double *x, double *x_b,
	   double *y, double *y_b)
{
	upd_nulls += !a_b + !x_b;
	for (int i = 0; i < n; i++) {
		double yi = y[i], yb = y_b[i];
		y[i] = a * yi * yi + x[i];
		if (a_b)
			*a_b += yb * yi * yi;
		if (x_b)
			x_b[i] += yb;
		y_b[i] = 2 * a * yi * yb;
	}
}

void upd_b_d(int n, double a, double a_d, double *a_b, double *a_bd,
	     const double *x, const double *x_d, double *x_b, double *x_bd,
	     double *y, double *y_d, double *y_b, double *y_bd)
{
	upd_nulls += !x_d + !y_d + !a_b + !a_bd + !x_b + !x_bd;
	for (int i = 0; i < n; i++) {
		double yi = y[i], yid = at(y_d, i), yb = y_b[i];
		double ybd = at(y_bd, i);
		y[i] = a * yi * yi + x[i];
		if (y_d)
			y_d[i] = a_d * yi * yi + 2 * a * yi * yid + at(x_d, i);
		if (a_b)
			*a_b += yb * yi * yi;
		if (a_bd)
			*a_bd += ybd * yi * yi + 2 * yb * yi * yid;
		if (x_b)
			x_b[i] += yb;
		if (x_bd)
			x_bd[i] += ybd;
		y_b[i] = 2 * a * yi * yb;
		if (y_bd)
			y_bd[i] = 2 * (a_d * yi * yb + a * yid * yb + a * yi * ybd);
	}
}
