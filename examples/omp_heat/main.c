/*
 * main.c - the gradient and a Hessian-vector product of examples/omp_heat
 * on 1 and 2 threads: their times, the speed-up, and checks.
 *
 * usage: omp_heat [STEPS]   (default 40)
 *
 * Checks: the gradient along a direction d against central differences of
 * heat_energy; the gradient and H d the same bits on 1 and 2 threads
 * (ckc's parallel sweeps add every element's contributions in one order,
 * whatever the threads).  Without OpenMP it runs the serial code once.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "heat.h"
#include "heat_grad.h"

#define NC (HEAT_N * HEAT_N)

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* the best of three runs, in ms */
#define BEST_OF_3(ms, call)                                                  \
	do {                                                                 \
		ms = 1e30;                                                   \
		for (int r_ = 0; r_ < 3; r_++) {                             \
			double t0_ = now();                                  \
			call;                                                \
			double t_ = (now() - t0_) * 1e3;                     \
			if (t_ < ms)                                         \
				ms = t_;                                     \
		}                                                            \
	} while (0)

int main(int argc, char **argv)
{
	int steps = argc > 1 ? atoi(argv[1]) : 40, fails = 0;
	double *u0 = malloc(NC * sizeof *u0), *d = malloc(NC * sizeof *d);
	double *g[2], *hv[2], *gb = malloc(NC * sizeof *gb);
	double tf[2], tg[2], th[2], f = 0.0;
	int maxt = 1;
#ifdef _OPENMP
	maxt = 2;
#endif
	if (!u0 || !d || !gb)
		return 1;
	for (int i = 0; i < HEAT_N; i++)
		for (int j = 0; j < HEAT_N; j++) {
			double x = (i + 0.5) / HEAT_N, y = (j + 0.5) / HEAT_N;
			u0[i * HEAT_N + j] = exp(-40.0 * ((x - 0.4) * (x - 0.4) +
							 (y - 0.6) * (y - 0.6)));
			d[i * HEAT_N + j] = sin(7.0 * x) * cos(5.0 * y);
		}
	for (int k = 0; k < maxt; k++) {
		g[k] = calloc(NC, sizeof *g[k]);
		hv[k] = calloc(NC, sizeof *hv[k]);
		if (!g[k] || !hv[k])
			return 1;
#ifdef _OPENMP
		omp_set_num_threads(k + 1);
#endif
		BEST_OF_3(tf[k], f = heat_energy(u0, steps));
		BEST_OF_3(tg[k], (memset(g[k], 0, NC * sizeof *g[k]),
				  heat_energy_b(u0, g[k], steps, 1.0)));
		BEST_OF_3(th[k], (memset(gb, 0, NC * sizeof *gb),
				  memset(hv[k], 0, NC * sizeof *hv[k]),
				  heat_energy_b_d(u0, d, gb, hv[k], steps, 1.0,
						  0.0)));
	}

	/* the gradient along d against differences */
	double h = 1e-4, gd = 0.0, *up = malloc(NC * sizeof *up);
	if (!up)
		return 1;
	for (int i = 0; i < NC; i++) {
		gd += g[0][i] * d[i];
		up[i] = u0[i] + h * d[i];
	}
	double fp = heat_energy(up, steps);
	for (int i = 0; i < NC; i++)
		up[i] = u0[i] - h * d[i];
	double fd = (fp - heat_energy(up, steps)) / (2 * h);
	int ok = fabs(gd - fd) <= 1e-6 * fabs(fd);
	fails += !ok;
	printf("omp_heat: %d x %d cells, %d steps, binomial(4); energy %.6f\n",
	       HEAT_N, HEAT_N, steps, f);
	printf("%s: gradient . d = %.10g, differences %.10g\n",
	       ok ? "ok" : "FAIL", gd, fd);
	for (int k = 0; k < maxt; k++)
		printf("%d thread%s: primal %7.1f ms, gradient %7.1f ms (%.2fx), "
		       "H.d %7.1f ms (%.2fx)\n",
		       k + 1, k ? "s" : " ", tf[k], tg[k], tg[k] / tf[k], th[k],
		       th[k] / tf[k]);
	if (maxt == 2) {
		int same = !memcmp(g[0], g[1], NC * sizeof *g[0]) &&
			   !memcmp(hv[0], hv[1], NC * sizeof *hv[0]);
		fails += !same;
		printf("%s: the gradient and H.d are the same bits on 1 and 2 "
		       "threads\n",
		       same ? "ok" : "FAIL");
		printf("speed-up on 2 threads: primal %.2f, gradient %.2f, "
		       "H.d %.2f\n",
		       tf[0] / tf[1], tg[0] / tg[1], th[0] / th[1]);
	}
	for (int k = 0; k < maxt; k++) {
		free(g[k]);
		free(hv[k]);
	}
	free(up);
	free(gb);
	free(d);
	free(u0);
	return fails != 0;
}
