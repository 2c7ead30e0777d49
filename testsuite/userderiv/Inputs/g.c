/* g(a, b) = a sin(b): ga = sin b, gb = a cos b, gaa = 0, gab = cos b,
 * gbb = -a sin b.  Null adjoints are skipped (and counted). */
#include "g.h"

#include <math.h>
#include <stddef.h>

int g_calls, g_nulls;

double g(double a, double b)
{
	return a * sin(b);
}

double g_d(double a, double a_d, double b, double b_d, double *ret_d)
{
	g_calls++;
	*ret_d = a_d * sin(b) + a * cos(b) * b_d;
	return a * sin(b);
}

double g_b(double a, double *a_b, double b, double *b_b, double ret_b)
{
	g_calls++;
	if (a_b)
		*a_b += ret_b * sin(b);
	else
		g_nulls++;
	if (b_b)
		*b_b += ret_b * a * cos(b);
	else
		g_nulls++;
	return a * sin(b);
}

double g_b_d(double a, double a_d, double *a_b, double *a_bd, double b,
	     double b_d, double *b_b, double *b_bd, double ret_b,
	     double ret_bd)
{
	g_calls++;
	if (a_b)
		*a_b += ret_b * sin(b);
	if (a_bd)
		*a_bd += ret_bd * sin(b) + ret_b * cos(b) * b_d;
	if (b_b)
		*b_b += ret_b * a * cos(b);
	if (b_bd)
		*b_bd += ret_bd * a * cos(b) +
			 ret_b * (a_d * cos(b) - a * sin(b) * b_d);
	if (!a_b || !b_b)
		g_nulls++;
	return a * sin(b);
}
