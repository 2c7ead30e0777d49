/*
 * tiny.c - tiny helpers, a benchmark kernel of ckc whose primal takes about
 * a tenth of a microsecond: what the fixed costs of a derivative call (tape
 * set-up, helper calls, a checkpoint region's snapshot) weigh on small
 * functions.
 *
 * tiny_objective takes 8 doubles; its helpers are a 3-element dot product,
 * a square and an axpy that is called with the same array as x and y
 * (aliasing arguments), and a block is a checkpoint region.
 */
#include <math.h>

static double dot3(const double *a, const double *b)
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static double sq(double x)
{
	return x * x;
}

/* y += a x */
static void axpy(double a, const double *x, double *y, int n)
{
	int i;

	for (i = 0; i < n; i++)
		y[i] += a * x[i];
}

#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double tiny_objective(const double *x)
{
	double w[4], s, t, f;
	int i;

	for (i = 0; i < 4; i++)
		w[i] = x[i] * x[i + 4];
	axpy(0.5, w, w, 4);
	s = dot3(x, x + 3);
#pragma ck_checkpoint
	{
		t = sin(s) + w[0] * w[1];
		f = t * t + exp(0.1 * w[2]);
	}
	f += sq(w[3]) + dot3(w, x + 5);
	return f;
}
