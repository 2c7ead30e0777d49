/*
 * heat.c - 2-D heat diffusion over HEAT_N x HEAT_N cells, parallel in
 * space with OpenMP, checkpointed in time.
 *
 * heat_energy takes `steps` explicit steps of u_t = (u_xx + u_yy) / 5 (in
 * cell units) from u0, the border cells fixed, and returns the sum of
 * squares of the final field.  Each step is two parallel loops over the
 * rows (the stencil into un, the copy back); the time loop keeps at most
 * 4 snapshots of the field (binomial checkpointing), so f_b's memory does
 * not grow with the number of steps.  ckc makes the gradient (f_b) and
 * Hessian-vector products (f_b_d) parallel: the forward sweeps run the
 * loops as written, and each stencil's reverse runs in three phases of
 * independent rows (README, OpenMP).
 */
#include <stdlib.h>

#include "heat.h"

#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double heat_energy(const double *u0, int steps)
{
	double *u = malloc(HEAT_N * HEAT_N * sizeof(double));
	double *un = malloc(HEAT_N * HEAT_N * sizeof(double));
	double f = 0.0;
	int i, j, t;

#pragma omp parallel for private(j)
	for (i = 0; i < HEAT_N; i++)
		for (j = 0; j < HEAT_N; j++)
			un[i * HEAT_N + j] = u[i * HEAT_N + j] = u0[i * HEAT_N + j];
#pragma ck_checkpoint binomial(4) save(u[0:HEAT_N * HEAT_N], un[0:HEAT_N * HEAT_N])
	for (t = 0; t < steps; t++) {
#pragma omp parallel for private(j) schedule(static)
		for (i = 1; i < HEAT_N - 1; i++)
			for (j = 1; j < HEAT_N - 1; j++)
				un[i * HEAT_N + j] =
					u[i * HEAT_N + j] +
					0.2 * (u[(i - 1) * HEAT_N + j] +
					       u[(i + 1) * HEAT_N + j] +
					       u[i * HEAT_N + j - 1] +
					       u[i * HEAT_N + j + 1] -
					       4.0 * u[i * HEAT_N + j]);
#pragma omp parallel for private(j) schedule(static)
		for (i = 1; i < HEAT_N - 1; i++)
			for (j = 1; j < HEAT_N - 1; j++)
				u[i * HEAT_N + j] = un[i * HEAT_N + j];
	}
#pragma omp parallel for reduction(+:f)
	for (i = 0; i < HEAT_N * HEAT_N; i++)
		f += u[i] * u[i];
	free(u);
	free(un);
	return f;
}
