/*
 * rosenbrock.c - the extended Rosenbrock function, a benchmark kernel of ckc.
 *
 * f(x) = sum_i 100 (x[i+1] - x[i]^2)^2 + (1 - x[i])^2 for i < n-1: one pass
 * over x, two multiplications per term that the adjoint needs again.
 */
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double rosenbrock(const double *x, int n)
{
	double f = 0;
	int i;

	for (i = 0; i < n - 1; i++) {
		double t = x[i + 1] - x[i] * x[i];
		double s = 1 - x[i];
		f += 100 * t * t + s * s;
	}
	return f;
}
