/*
 * data.c - the data the benchmark kernels run on, made deterministically:
 * the logistic regression's data set as examples/logreg/main.c makes it, a
 * target distribution for the MLP, and the MLP's weights and inputs.  And
 * what the drivers (bench.c, enzyme.c) share: the clock, loop counts,
 * medians, relative differences and BENCH_ONLY.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "mlp.h"

double logreg_X[LOGREG_N * LOGREG_D], logreg_y[LOGREG_N];
double mlp_target[40];

static unsigned long long rng_state = 7;

/* A uniform number in [-1, 1) from a 64-bit linear congruential generator
 * (Knuth's MMIX constants), as in the examples. */
double bench_uniform(void)
{
	rng_state =
		rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rng_state >> 11) / 4503599627370496.0 - 1.0;
}

/* Features uniform in [-1, 1); the label is the sign of a hidden linear
 * model, flipped for one sample in ten.  Then the MLP's target: positive,
 * summing to 1. */
void bench_make_data(void)
{
	static const double hidden[LOGREG_D + 1] = { 2.0, -1.5, 1.0,
						     0.5, -0.5, 0.25,
						     0.0, -2.0, 0.3 };
	double sum = 0;
	int i, j;

	for (i = 0; i < LOGREG_N; i++) {
		double z = hidden[LOGREG_D];
		for (j = 0; j < LOGREG_D; j++)
			z += hidden[j] *
			     (logreg_X[i * LOGREG_D + j] = bench_uniform());
		logreg_y[i] = z > 0 ? 1.0 : -1.0;
		if (i % 10 == 3)
			logreg_y[i] = -logreg_y[i];
	}
	for (i = 0; i < 40; i++)
		sum += mlp_target[i] = 1.5 + bench_uniform();
	for (i = 0; i < 40; i++)
		mlp_target[i] /= sum;
}

void bench_mlp_init(double *v)
{
	static const int off[3] = { MLP_L1, MLP_L2, MLP_L3 };
	static const int nin[3] = { MLP_N0, MLP_N1, MLP_N2 };
	static const int nout[3] = { MLP_N1, MLP_N2, MLP_N3 };
	int l, i;

	for (l = 0; l < 3; l++) {
		double scale = sqrt(3.0 / nin[l]);
		for (i = 0; i < nout[l] * nin[l]; i++)
			v[off[l] + i] = scale * bench_uniform();
		for (; i < nout[l] * (nin[l] + 1); i++)
			v[off[l] + i] = 0.1 * bench_uniform();
	}
	for (i = 0; i < MLP_N0; i++)
		v[MLP_NW + i] = bench_uniform();
}

double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

double bench_loop(bench_call *call, const void *k, int m, long reps)
{
	double t0 = bench_now();
	long r;

	for (r = 0; r < reps; r++)
		call(k, m);
	return bench_now() - t0;
}

long bench_calibrate(bench_call *call, const void *k, int m, double least,
		     double aim, double seconds)
{
	double t;
	long reps = 1;

	while ((t = bench_loop(call, k, m, reps)) < least) {
		double grow = t > 0 ? aim / t : 100;
		reps = (long)(reps * (grow > 100 ? 100 : grow < 2 ? 2 : grow));
	}
	return (long)ceil(reps * seconds / t);
}

int bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double bench_rel_err(const double *a, const double *b, int n)
{
	double num = 0, den = 0;
	int i;

	for (i = 0; i < n; i++) {
		num = fmax(num, fabs(a[i] - b[i]));
		den = fmax(den, fabs(b[i]));
	}
	return den > 0 ? num / den : num;
}

int bench_only(const char *name)
{
	const char *p = getenv("BENCH_ONLY");
	size_t len = strlen(name);

	if (!p || !*p)
		return 1;
	while (p) {
		if (!strncmp(p, name, len) &&
		    (p[len] == ',' || p[len] == '\0'))
			return 1;
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	return 0;
}
