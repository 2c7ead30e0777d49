/*
 * burgers.c - viscous Burgers' equation by explicit time steps, the
 * checkpointing example of ckc.
 *
 *     u_t + (u^2 / 2)_x = nu u_xx   on [0, 2 pi), periodic
 *
 * on BURGERS_CELLS cells, with a conservative central flux: each step
 * computes the flux through every cell face and then updates every cell by
 * the difference of its two faces.  burgers_misfit starts from u0, takes
 * `steps` steps and returns the misfit of the final state to a target,
 * dx/2 sum_i (u_i - target_i)^2; its gradient with respect to u0 is what
 * an inverse problem (which initial state explains the observed one?)
 * needs.
 *
 * Every step overwrites the state, so an adjoint that tapes everything
 * keeps what every step needs: memory grows with the number of steps.
 * `#pragma ck_checkpoint binomial(16)` on the time loop makes ckc reverse
 * it on Revolve's schedule instead: at most 16 snapshots of the state, and
 * the steps between them run again (untaped, then taped one at a time).
 * burgers_misfit_steps is the same computation with one checkpoint region
 * per step: a snapshot per step, and only one step taped at a time.
 */
#include "burgers.h"

/* One explicit step of u.  flux[i] is what flows through the face between
 * cells i and i + 1: (u_i^2 + u_{i+1}^2) / 4 - nu (u_{i+1} - u_i) / dx. */
static void burgers_step(double *u)
{
	const double dx = BURGERS_DX, dt = BURGERS_DT, nu = BURGERS_NU;
	double flux[BURGERS_CELLS];
	int i;

	for (i = 0; i < BURGERS_CELLS; i++) {
		int ip = (i + 1) % BURGERS_CELLS;
		flux[i] = 0.25 * (u[i] * u[i] + u[ip] * u[ip]) -
			  nu * (u[ip] - u[i]) / dx;
	}
	for (i = 0; i < BURGERS_CELLS; i++) {
		int im = (i + BURGERS_CELLS - 1) % BURGERS_CELLS;
		u[i] -= dt / dx * (flux[i] - flux[im]);
	}
}

/* dx/2 sum_i (u_i - target_i)^2 */
static double misfit(const double *u, const double *target)
{
	double f = 0;
	int i;

	for (i = 0; i < BURGERS_CELLS; i++)
		f += (u[i] - target[i]) * (u[i] - target[i]);
	return 0.5 * BURGERS_DX * f;
}

#pragma ck_adjoint wrt(u0)
double burgers_misfit(const double *u0, const double *target, int steps)
{
	double u[BURGERS_CELLS];
	int i, t;

	for (i = 0; i < BURGERS_CELLS; i++)
		u[i] = u0[i];
#pragma ck_checkpoint binomial(16)
	for (t = 0; t < steps; t++)
		burgers_step(u);
	return misfit(u, target);
}

#pragma ck_adjoint wrt(u0)
double burgers_misfit_steps(const double *u0, const double *target, int steps)
{
	double u[BURGERS_CELLS];
	int i, t;

	for (i = 0; i < BURGERS_CELLS; i++)
		u[i] = u0[i];
	for (t = 0; t < steps; t++) {
#pragma ck_checkpoint
		burgers_step(u);
	}
	return misfit(u, target);
}
