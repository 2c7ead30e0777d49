/*
 * spring.c - a mass on a damped spring, the main example of ckc.
 *
 * m x'' = -k x - c x', released at rest from x0 and integrated for `steps`
 * steps of dt = 0.01 with a splitting scheme: a symplectic Euler step for the
 * spring and the damper's decay exp(-c/m dt) integrated exactly.  An end stop
 * at |x| = 1.5 bounces the mass back.  spring_energy returns the mechanical
 * energy left at the end; ckc generates spring_energy_d, its derivatives with
 * respect to the stiffness k and the damping c.
 */
#include <math.h>

#pragma ck_tangent wrt(k, c)
double spring_energy(double k, double c, double x0, int steps)
{
	const double m = 1.0, dt = 0.01, wall = 1.5;
	double x = x0, v = 0.0;
	int i;

	for (i = 0; i < steps; i++) {
		v -= dt * k / m * x;    /* spring */
		v *= exp(-c / m * dt);  /* damper */
		x += dt * v;
		if (x > wall || x < -wall) {
			/* The end stop: back to the wall, losing 10% speed. */
			x = x > 0 ? wall : -wall;
			v = -0.9 * v;
		}
	}
	return 0.5 * m * v * v + 0.5 * k * x * x;
}
