/*
 * checkpoint.c - the checkpointing table of ckc's benchmark: the gradient of
 * examples/pde (Burgers' equation, 256 cells, 2000 explicit steps) without
 * checkpoints, with a checkpoint region per step, and with binomial(K) on
 * the time loop for several K: peak memory and time as ratios to the
 * uncheckpointed adjoint, and the steps recomputed next to Revolve's
 * optimum.
 *
 * Built and run by bench/run.sh (`make bench`), which differentiates
 * examples/pde/burgers.c once per variant, each under its own names
 * where they must not clash (ckc -Dburgers_misfit=burgers_misfit_<v> ...):
 *   burgers_misfit_plain_b   ckc --no-checkpoint
 *   burgers_misfit_steps_b   the region per step, as burgers.c has it
 *   burgers_misfit_k<K>_b    binomial(K), from a copy of burgers.c with the
 *                            K of its pragma replaced
 * and defines BENCH_KS(X) as X(4) X(8) ..., the K (a pragma's argument is
 * an integer literal: ckc does not expand macros in it, hence the copies).
 *
 * Before timing, every gradient is compared bit for bit with the
 * uncheckpointed one, and each binomial(K)'s recomputations with Revolve's
 * optimum F(l, s) = t l - C(s + t, t - 1) (t the smallest with
 * C(s + t, s) >= l); a difference is printed as MISMATCH and makes the exit
 * status 1.  Timing: loops of >= 0.2 s, 5 rounds that take
 * every variant once, the median over the rounds of each variant's time
 * over the uncheckpointed adjoint's in the same round.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "burgers.h"
#include "ckrt.h"

#define N BURGERS_CELLS
#define ROUNDS 5

typedef double (*adjoint_fn)(const double *u0, double *u0_b,
			     const double *target, int steps, double ret_b);

double burgers_misfit_plain_b(const double *u0, double *u0_b,
			      const double *target, int steps, double ret_b);
double burgers_misfit_steps_b(const double *u0, double *u0_b,
			      const double *target, int steps, double ret_b);
#ifndef BENCH_KS
#error "BENCH_KS(X) must list the K of binomial(K): X(4) X(8) ..."
#endif
#define DECLARE(k)                                                            \
	double burgers_misfit_k##k##_b(const double *u0, double *u0_b,        \
				       const double *target, int steps,       \
				       double ret_b);
BENCH_KS(DECLARE)

typedef struct Variant {
	const char *name;
	adjoint_fn f_b;
	int snaps; /* K of binomial(K), 0 for the others */
	ck_stats st;
	double grad[N];
	double ratio[ROUNDS], seconds[ROUNDS];
	long reps;
} Variant;

#define ROW(k)                                                                \
	{ .name = "binomial(" #k ")",                                         \
	  .f_b = burgers_misfit_k##k##_b,                                     \
	  .snaps = k },
static Variant variants[] = {
	{ .name = "no checkpoint", .f_b = burgers_misfit_plain_b },
	{ .name = "per-step regions", .f_b = burgers_misfit_steps_b },
	BENCH_KS(ROW)
};
/* The primal, timed in the same rounds: the gradients' time over its. */
static Variant primal = { .name = "primal" };
#define NVARIANTS (int)(sizeof variants / sizeof variants[0])

static const int steps = BURGERS_STEPS;
static double u0[N], target[N], scratch[N];
static volatile double sink;

/* The data of examples/pde/main.c. */
static void init(void)
{
	int i;

	for (i = 0; i < N; i++) {
		double x = i * BURGERS_DX;
		u0[i] = 1.0 + 0.5 * sin(x);
		target[i] = 1.0 + 0.25 * sin(x - 2.0);
	}
}

static double binom(int n, int k)
{
	double c = 1;
	int i;

	for (i = 1; i <= k; i++)
		c = c * (n - k + i) / i;
	return floor(c + 0.5);
}

/* Revolve's optimum: the steps beyond the primal's l that a reversal of l
 * steps with s snapshots runs (Griewank and Walther). */
static double revolve_optimum(int l, int s)
{
	int t = 0;

	if (l <= 1)
		return 0;
	while (binom(s + t, s) < l)
		t++;
	return t * (double)l - binom(s + t, t - 1);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double time_loop(const Variant *v, long reps)
{
	double t0 = now();
	long r;

	for (r = 0; r < reps; r++) {
		if (!v->f_b) {
			sink = burgers_misfit(u0, target, steps);
			continue;
		}
		memset(scratch, 0, sizeof scratch);
		sink = v->f_b(u0, scratch, target, steps, 1.0);
	}
	return now() - t0;
}

static long calibrate(const Variant *v)
{
	double t;
	long reps = 1;

	while ((t = time_loop(v, reps)) < 0.2) {
		double grow = t > 0 ? 0.25 / t : 100;
		reps = (long)(reps * (grow > 100 ? 100 : grow < 2 ? 2 : grow));
	}
	return reps;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* checkpoint [LABEL]: LABEL (the compiler) goes into the table's title. */
int main(int argc, char **argv)
{
	const char *label = argc > 1 ? argv[1] : "";
	Variant *plain = &variants[0];
	double value;
	int i, k, failures = 0;

	init();
	value = burgers_misfit(u0, target, steps);
	for (k = 0; k < NVARIANTS; k++) {
		Variant *v = &variants[k];
		ck_stats_reset();
		if (v->f_b(u0, v->grad, target, steps, 1.0) != value) {
			printf("MISMATCH: %s: the adjoint's value is not "
			       "burgers_misfit's\n",
			       v->name);
			failures++;
		}
		ck_stats_get(&v->st);
		if (memcmp(v->grad, plain->grad, sizeof plain->grad)) {
			printf("MISMATCH: %s: the gradient is not bitwise "
			       "the uncheckpointed one\n",
			       v->name);
			failures++;
		}
		if (v->snaps && (double)v->st.recomputations !=
					revolve_optimum(steps, v->snaps)) {
			printf("MISMATCH: %s: %llu steps recomputed, "
			       "Revolve's optimum is %.0f\n",
			       v->name, v->st.recomputations,
			       revolve_optimum(steps, v->snaps));
			failures++;
		}
	}

	primal.reps = calibrate(&primal);
	for (k = 0; k < NVARIANTS; k++)
		variants[k].reps = calibrate(&variants[k]);
	for (i = 0; i < ROUNDS; i++) {
		primal.seconds[i] =
			time_loop(&primal, primal.reps) / primal.reps;
		for (k = 0; k < NVARIANTS; k++)
			variants[k].seconds[i] =
				time_loop(&variants[k], variants[k].reps) /
				variants[k].reps;
	}
	for (i = 0; i < ROUNDS; i++)
		primal.ratio[i] = plain->seconds[i] / primal.seconds[i];
	qsort(primal.ratio, ROUNDS, sizeof(double), cmp_double);
	qsort(primal.seconds, ROUNDS, sizeof(double), cmp_double);
	for (k = 0; k < NVARIANTS; k++) {
		for (i = 0; i < ROUNDS; i++)
			variants[k].ratio[i] =
				variants[k].seconds[i] / plain->seconds[i];
		qsort(variants[k].ratio, ROUNDS, sizeof(double), cmp_double);
		qsort(variants[k].seconds, ROUNDS, sizeof(double), cmp_double);
	}

	printf("\ncheckpointing%s%s%s: the gradient of examples/pde (Burgers, "
	       "%d cells, %d steps)\n",
	       *label ? " (" : "", label, *label ? ")" : "", N, steps);
	printf("(memory: ck_stats peak_bytes, tape + snapshots; time: median "
	       "of %d rounds; ratios to no checkpoint)\n",
	       ROUNDS);
	printf("%-17s %10s %8s %7s %8s %10s %10s\n", "adjoint", "peak",
	       "memory", "time", "time", "recomputed", "Revolve's");
	printf("%-17s %10s %8s %7s %8s %10s %10s\n", "", "bytes", "ratio",
	       "ms", "ratio", "steps", "optimum");
	for (k = 0; k < NVARIANTS; k++) {
		const Variant *v = &variants[k];
		printf("%-17s %10zu %8.4f %7.2f %8.2f %10llu", v->name,
		       v->st.peak_bytes,
		       (double)v->st.peak_bytes / plain->st.peak_bytes,
		       v->seconds[ROUNDS / 2] * 1e3, v->ratio[ROUNDS / 2],
		       v->st.recomputations);
		if (v->snaps)
			printf(" %10.0f\n", revolve_optimum(steps, v->snaps));
		else
			printf(" %10s\n", "-");
	}
	printf("(the primal: %.2f ms; the gradient without checkpoints: "
	       "%.2f times that)\n",
	       primal.seconds[ROUNDS / 2] * 1e3, primal.ratio[ROUNDS / 2]);
	if (!failures)
		printf("every gradient is bitwise the one without checkpoints;"
		       " binomial(K) recomputes Revolve's optimum\n");
	if (failures) {
		printf("FAILED%s%s%s: %d mismatch%s (see MISMATCH above)\n",
		       *label ? " (" : "", label, *label ? ")" : "", failures,
		       failures > 1 ? "es" : "");
		return 1;
	}
	return 0;
}
