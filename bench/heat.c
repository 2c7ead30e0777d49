/*
 * heat.c - explicit time steps of the 1-D heat equation, a benchmark kernel
 * of ckc.
 *
 * HEAT_CELLS cells with diffusion number r = D dt / dx^2 = 0.25 (stable below
 * 0.5); the two end cells keep their initial values (Dirichlet boundaries).
 * heat_objective starts from u0, takes `steps` steps and returns the sum of
 * squares of the final state; its gradient with respect to u0 is what an
 * inverse problem (which initial state explains the measured one?) needs.
 * Every step overwrites the state, so the adjoint runs the steps backwards.
 */
#define HEAT_CELLS 256

#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double heat_objective(const double *u0, int steps)
{
	const double r = 0.25;
	double u[HEAT_CELLS], un[HEAT_CELLS];
	double f = 0;
	int i, t;

	for (i = 0; i < HEAT_CELLS; i++)
		u[i] = u0[i];
	for (t = 0; t < steps; t++) {
		for (i = 1; i < HEAT_CELLS - 1; i++)
			un[i] = u[i] + r * (u[i - 1] - 2 * u[i] + u[i + 1]);
		for (i = 1; i < HEAT_CELLS - 1; i++)
			u[i] = un[i];
	}
	for (i = 0; i < HEAT_CELLS; i++)
		f += u[i] * u[i];
	return f;
}
