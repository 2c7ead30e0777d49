/*
 * misfit.c - the model ckc differentiates: a least-squares misfit through
 * a linear solve,
 *
 *   A = K + diag(exp(theta)),   x = A^-1 b,   misfit = 1/2 |x - t|^2,
 *
 * with respect to theta and b.  solve() is in linsolve.c, which ckc never
 * reads; the ck_derivative pragma names its hand-written tangent, adjoint
 * and second-order adjoint (linsolve.h has their prototypes).
 */
#include "linsolve.h"

#include <math.h>

#define N 4

#pragma ck_derivative solve wrt(A, b) out(x) tangent(solve_d) adjoint(solve_b) hvp(solve_b_d)

#pragma ck_tangent wrt(theta, b)
#pragma ck_adjoint wrt(theta, b)
#pragma ck_hvp wrt(theta, b)
double misfit(const double *K, const double *theta, const double *b,
	      const double *t)
{
	double A[N * N], x[N];
	double s = 0.0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i * N + j] = K[i * N + j] + (i == j ? exp(theta[i]) : 0.0);
	solve(N, A, b, x);
	for (int i = 0; i < N; i++)
		s += (x[i] - t[i]) * (x[i] - t[i]);
	return 0.5 * s;
}
