/* Compiled with OpenMP, GAIN is 2: the derivatives must say so too. */
#ifdef _OPENMP
#define GAIN 2.0
#else
#define GAIN 1.0
#endif

#pragma ck_tangent wrt(x) out(y)
double squares(const double *x, double *y, int n)
{
	double s = 0.0;
	int i;
#pragma omp parallel for reduction(+:s) schedule(static)
	for (i = 0; i < n; i++) {
		y[i] = GAIN * x[i] * x[i];
		s += y[i];
	}
	return s;
}
