/*
 * main.c - the gradient of a Burgers' equation misfit with and without
 * checkpointing: memory, recomputations, time, and the same bits.
 *
 *   ckc burgers.c -o burgers_grad.c
 *   ckc --no-checkpoint -Dburgers_misfit=burgers_misfit_plain \
 *       -Dburgers_misfit_steps=burgers_misfit_steps_plain \
 *       burgers.c -o burgers_plain_grad.c
 *   cc -std=c99 -O2 main.c burgers.c burgers_grad.c burgers_plain_grad.c \
 *       -lckrt -lm
 *   ./a.out [steps]                           (default 2000 steps)
 *
 * burgers_grad.c has the two checkpointed adjoints: burgers_misfit_b
 * (binomial(16) on the time loop) and burgers_misfit_steps_b (a region per
 * step).  burgers_plain_grad.c is the same source differentiated with
 * --no-checkpoint, everything taped; the -D options rename its functions
 * so that both files link into one program.
 *
 * For each of the three adjoints, main prints the peak memory of libckrt
 * (tape and snapshots, from ck_stats), the steps run again, and the time
 * of one gradient; it exits with status 1 unless the three gradients are
 * bitwise equal, binomial(16) recomputes exactly Revolve's optimal number
 * of steps, both checkpointed adjoints need less memory than the taped one,
 * and the gradient agrees with Richardson-extrapolated central differences
 * along a few random directions to 1e-7 (relative).
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "burgers.h"
#include "burgers_grad.h"
#include "burgers_plain_grad.h"
#include "ckrt.h"

#define N BURGERS_CELLS
#define SNAPS 16 /* the K of binomial(K) in burgers.c */
#define NDIR 2   /* random directions for the finite differences */
#define REPS 5   /* a gradient's time: the best of REPS calls */

static int steps = BURGERS_STEPS;
static double u0[N], target[N];

static unsigned long long rng_state = 7;

/* A uniform number in [-1, 1) from a 64-bit linear congruential generator
 * (Knuth's MMIX constants): the same on every machine. */
static double uniform(void)
{
	rng_state =
		rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rng_state >> 11) / 4503599627370496.0 - 1.0;
}

/* The initial state: a sine wave on a mean flow, which steepens into a
 * front; the target: a lower, shifted wave that the state should match. */
static void init(void)
{
	int i;

	for (i = 0; i < N; i++) {
		double x = i * BURGERS_DX;
		u0[i] = 1.0 + 0.5 * sin(x);
		target[i] = 1.0 + 0.25 * sin(x - 2.0);
	}
}

typedef double (*adjoint_fn)(const double *u0, double *u0_b,
			     const double *target, int steps, double ret_b);

/* One run of an adjoint: its gradient, statistics and time. */
typedef struct Run {
	const char *name;
	adjoint_fn f_b;
	double grad[N];
	double value;
	ck_stats st;
	double seconds;
} Run;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* The gradient into r->grad (zeroed first: adjoints accumulate), with the
 * statistics of that one call; then the best time of REPS more calls. */
static void run(Run *r)
{
	static double scratch[N];
	int k;

	memset(r->grad, 0, sizeof r->grad);
	ck_stats_reset();
	r->value = r->f_b(u0, r->grad, target, steps, 1.0);
	ck_stats_get(&r->st);
	r->seconds = INFINITY;
	for (k = 0; k < REPS; k++) {
		double t0;
		memset(scratch, 0, sizeof scratch);
		t0 = now();
		r->f_b(u0, scratch, target, steps, 1.0);
		r->seconds = fmin(r->seconds, now() - t0);
	}
}

/* C(n, k), exactly while it fits (it does for any l and s used here). */
static double binom(int n, int k)
{
	double c = 1;
	int i;

	for (i = 1; i <= k; i++)
		c = c * (n - k + i) / i;
	return floor(c + 0.5);
}

/* Revolve's optimum: the fewest steps a reversal of l steps with s
 * snapshots runs beyond the l of the primal, t l - C(s + t, t - 1) for the
 * smallest t with C(s + t, s) >= l (Griewank and Walther). */
static double revolve_optimum(int l, int s)
{
	int t = 0;

	if (l <= 1)
		return 0;
	while (binom(s + t, s) < l)
		t++;
	return t * (double)l - binom(s + t, t - 1);
}

/* The misfit with u0 moved by t along d. */
static double misfit_along(const double *d, double t)
{
	double ut[N];
	int i;

	for (i = 0; i < N; i++)
		ut[i] = u0[i] + t * d[i];
	return burgers_misfit(ut, target, steps);
}

/* d/dt of misfit_along at t = 0: (4 D(h/2) - D(h)) / 3 with central
 * differences D(h) = (J(h) - J(-h)) / 2h. */
static double richardson(const double *d)
{
	const double h = 1e-4;
	double d1 = (misfit_along(d, h) - misfit_along(d, -h)) / (2 * h);
	double d2 = (misfit_along(d, h / 2) - misfit_along(d, -h / 2)) / h;

	return (4 * d2 - d1) / 3;
}

static double rel_diff(double a, double b)
{
	double scale = fmax(fabs(a), fabs(b));

	return scale > 0 ? fabs(a - b) / scale : 0;
}

int main(int argc, char **argv)
{
	static Run runs[3] = {
		{ .name = "--no-checkpoint", .f_b = burgers_misfit_plain_b },
		{ .name = "binomial(16)", .f_b = burgers_misfit_b },
		{ .name = "per-step regions", .f_b = burgers_misfit_steps_b },
	};
	Run *plain = &runs[0], *bin = &runs[1], *reg = &runs[2];
	double value, optimum, worst = 0;
	int i, k, failed = 0;

	if (argc > 1) {
		steps = atoi(argv[1]);
		if (steps < 1) {
			fprintf(stderr, "usage: %s [steps >= 1]\n", argv[0]);
			return 2;
		}
	}
	init();
	value = burgers_misfit(u0, target, steps);
	for (k = 0; k < 3; k++)
		run(&runs[k]);
	optimum = revolve_optimum(steps, SNAPS);

	printf("burgers_misfit (%d cells, %d steps) = %.15g\n", N, steps,
	       value);
	printf("adjoint              peak bytes  tape bytes  snapshot bytes"
	       "  recomputed  ms/gradient\n");
	for (k = 0; k < 3; k++)
		printf("%-18s %12zu %11zu %15zu %11llu %12.2f\n", runs[k].name,
		       runs[k].st.peak_bytes, runs[k].st.tape_peak_bytes,
		       runs[k].st.snapshot_peak_bytes,
		       runs[k].st.recomputations, runs[k].seconds * 1e3);
	printf("Revolve's optimum for %d steps and %d snapshots: %.0f steps "
	       "recomputed\n",
	       steps, SNAPS, optimum);
	printf("peak memory / --no-checkpoint's: binomial(16) %.4f, per-step "
	       "regions %.4f\n",
	       (double)bin->st.peak_bytes / plain->st.peak_bytes,
	       (double)reg->st.peak_bytes / plain->st.peak_bytes);

	for (k = 0; k < 3; k++)
		if (runs[k].value != value) {
			printf("FAIL: %s: the adjoint's misfit is not "
			       "burgers_misfit's\n",
			       runs[k].name);
			failed = 1;
		}
	for (k = 1; k < 3; k++)
		if (memcmp(runs[k].grad, plain->grad, sizeof plain->grad)) {
			printf("FAIL: %s: the gradient differs from "
			       "--no-checkpoint's\n",
			       runs[k].name);
			failed = 1;
		}
	if (!failed)
		printf("ok: binomial(16), per-step regions and "
		       "--no-checkpoint give bitwise equal gradients\n");
	if ((double)bin->st.recomputations != optimum) {
		printf("FAIL: binomial(16) recomputed %llu steps, Revolve's "
		       "optimum is %.0f\n",
		       bin->st.recomputations, optimum);
		failed = 1;
	}
	if (bin->st.peak_bytes < plain->st.peak_bytes &&
	    reg->st.peak_bytes < plain->st.peak_bytes) {
		printf("ok: checkpointing lowers the peak memory: "
		       "binomial(16) 1/%.0f, per-step regions 1/%.1f of "
		       "--no-checkpoint's\n",
		       (double)plain->st.peak_bytes / bin->st.peak_bytes,
		       (double)plain->st.peak_bytes / reg->st.peak_bytes);
	} else {
		printf("FAIL: checkpointing does not lower the peak memory\n");
		failed = 1;
	}

	printf("direction   gradient . d (ckc)     finite differences     "
	       "rel. diff\n");
	for (k = 0; k < NDIR; k++) {
		double d[N], ad = 0, fd, r;
		for (i = 0; i < N; i++)
			ad += bin->grad[i] * (d[i] = uniform());
		fd = richardson(d);
		r = rel_diff(ad, fd);
		worst = fmax(worst, r);
		printf("%-11d %-22.15g %-22.15g %.1e\n", k + 1, ad, fd, r);
	}
	if (!(worst <= 1e-7)) {
		printf("FAIL: gradient and finite differences differ by more "
		       "than 1e-7\n");
		failed = 1;
	} else {
		printf("ok: gradient and finite differences agree to 1e-7\n");
	}
	return failed;
}
