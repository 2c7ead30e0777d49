/*
 * burgers.c - a Burgers-shaped time loop, a benchmark kernel of ckc.
 *
 * BURG_CELLS cells of viscous Burgers' equation u_t + u u_x = nu u_xx,
 * explicit steps with upwind advection: the sign of each cell's velocity
 * picks the side of its difference, so the adjoint must remember a branch
 * per cell and step.  Each step is a helper that writes the state through a
 * pointer, as a solver's step function does.  nu = 0.01, dx = 1/256,
 * dt = 2e-4: diffusion number nu dt / dx^2 = 0.13, CFL number below 0.06 for
 * |u| <= 1, so the state stays bounded; the end cells keep their values.
 * burgers_objective starts from u0, takes `steps` steps and returns the sum
 * of squares of the final state; its gradient is with respect to u0.
 */
#define BURG_CELLS 256

static void step(double *u, double *un, double nu, double dt, double dx)
{
	double dif, adv;
	int i;

	for (i = 0; i < BURG_CELLS; i++)
		un[i] = u[i];
	for (i = 1; i < BURG_CELLS - 1; i++) {
		dif = nu * (un[i + 1] - 2 * un[i] + un[i - 1]) / (dx * dx);
		if (un[i] > 0)
			adv = un[i] * (un[i] - un[i - 1]) / dx;
		else
			adv = un[i] * (un[i + 1] - un[i]) / dx;
		u[i] = un[i] + dt * (dif - adv);
	}
}

#pragma ck_adjoint wrt(u0)
#pragma ck_hvp wrt(u0)
double burgers_objective(const double *u0, int steps)
{
	const double nu = 0.01, dt = 2e-4, dx = 1.0 / BURG_CELLS;
	double u[BURG_CELLS], un[BURG_CELLS];
	double f = 0;
	int i, t;

	for (i = 0; i < BURG_CELLS; i++)
		u[i] = u0[i];
	for (t = 0; t < steps; t++)
		step(u, un, nu, dt, dx);
	for (i = 0; i < BURG_CELLS; i++)
		f += u[i] * u[i];
	return f;
}
