/*
 * main.c - checks ckc's tangent of spring_energy against finite differences.
 *
 *   ckc spring.c -o spring_grad.c
 *   cc -std=c99 -O2 main.c spring.c spring_grad.c -lm
 *
 * Prints the energy, dE/dk and dE/dc from spring_energy_d next to
 * Richardson-extrapolated central differences, and exits with status 1 when
 * they differ by more than 1e-8 (relative).
 */
#include <math.h>
#include <stdio.h>

#include "spring_grad.h"

double spring_energy(double k, double c, double x0, int steps);

static const double x0 = 1.0;
static const int steps = 1000;

/* The energy with k and c moved by t along (dk, dc). */
static double energy_along(double k, double c, double dk, double dc, double t)
{
	return spring_energy(k + t * dk, c + t * dc, x0, steps);
}

/* d/dt of energy_along at t = 0: (4 D(h/2) - D(h)) / 3 with central
 * differences D(h) = (E(h) - E(-h)) / 2h. */
static double richardson(double k, double c, double dk, double dc)
{
	const double h = 1e-3;
	double d1 = (energy_along(k, c, dk, dc, h) -
		     energy_along(k, c, dk, dc, -h)) / (2 * h);
	double d2 = (energy_along(k, c, dk, dc, h / 2) -
		     energy_along(k, c, dk, dc, -h / 2)) / h;

	return (4 * d2 - d1) / 3;
}

static double rel_diff(double a, double b)
{
	double scale = fmax(fabs(a), fabs(b));

	return scale > 0 ? fabs(a - b) / scale : 0;
}

int main(void)
{
	const double k = 4.0, c = 0.3;
	double e, e2, dedk, dedc, fdk, fdc, rk, rc;

	/* One tangent call per direction: seed k_d = 1, then c_d = 1. */
	e = spring_energy_d(k, 1.0, c, 0.0, x0, steps, &dedk);
	e2 = spring_energy_d(k, 0.0, c, 1.0, x0, steps, &dedc);
	fdk = richardson(k, c, 1, 0);
	fdc = richardson(k, c, 0, 1);
	rk = rel_diff(dedk, fdk);
	rc = rel_diff(dedc, fdc);

	printf("spring_energy(k=%g, c=%g, x0=%g, steps=%d) = %.15g\n", k, c,
	       x0, steps, e);
	printf("        %-22s %-22s %s\n", "tangent (ckc)",
	       "finite differences", "rel. diff");
	printf("dE/dk   %-22.15g %-22.15g %.1e\n", dedk, fdk, rk);
	printf("dE/dc   %-22.15g %-22.15g %.1e\n", dedc, fdc, rc);
	if (e != e2 || e != spring_energy(k, c, x0, steps)) {
		printf("FAIL: the tangent's primal value differs\n");
		return 1;
	}
	if (!(rk <= 1e-8 && rc <= 1e-8)) {
		printf("FAIL: tangent and finite differences differ by more "
		       "than 1e-8\n");
		return 1;
	}
	printf("ok: tangent and finite differences agree to 1e-8\n");
	return 0;
}
