/* main.c - checks the derivatives ckc_add_derivatives generated: the
 * gradient energy_b and the tangent energy_d (requested by OPTIONS)
 * against central differences.  Prints the gradient and "ok", or exits
 * with status 1. */
#include <math.h>
#include <stdio.h>

#include "energy.h"
#include "energy_grad.h"

int main(void)
{
	double x[ENERGY_N], x_b[ENERGY_N] = { 0 }, x_d[ENERGY_N];
	double e_d = 0.0, h = 1e-6;
	int ok = 1;

	for (int i = 0; i < ENERGY_N; i++) {
		x[i] = 0.3 * (i + 1);
		x_d[i] = i % 2 ? 1.0 : -0.5;
	}
	double e = energy_b(x, x_b, ENERGY_N, 1.0);
	energy_d(x, x_d, ENERGY_N, &e_d);
	printf("energy = %.6f\n", e);
	double dot = 0.0;
	for (int i = 0; i < ENERGY_N; i++) {
		double xp[ENERGY_N], xm[ENERGY_N];
		for (int j = 0; j < ENERGY_N; j++)
			xp[j] = xm[j] = x[j];
		xp[i] += h;
		xm[i] -= h;
		double fd = (energy(xp, ENERGY_N) - energy(xm, ENERGY_N)) /
			    (2 * h);
		printf("grad[%d] = %.6f (differences %.6f)\n", i, x_b[i], fd);
		ok &= fabs(x_b[i] - fd) <= 1e-6 * (1 + fabs(fd));
		dot += x_b[i] * x_d[i];
	}
	printf("tangent = %.6f (gradient . direction %.6f)\n", e_d, dot);
	ok &= fabs(e_d - dot) <= 1e-12 * (1 + fabs(dot));
	puts(ok ? "ok" : "FAIL");
	return ok ? 0 : 1;
}
