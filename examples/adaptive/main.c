/*
 * main.c - the gradient of an adaptive integration's misfit with online(16)
 * checkpointing and without checkpoints: the trip count, the steps run
 * again against Revolve's optimum, memory, and the same bits.
 *
 *   ckc adaptive.c -o adaptive_grad.c
 *   ckc --no-checkpoint -Dadapt_misfit=adapt_misfit_plain adaptive.c \
 *       -o adaptive_plain_grad.c
 *   cc -std=c99 -O2 main.c adaptive.c adaptive_grad.c adaptive_plain_grad.c \
 *       -lckrt -lm
 *   ./a.out [T]                  (default T = 11: about 100,000 steps)
 *
 * adaptive_grad.c has adapt_misfit_b, whose time loop is reversed with
 * online(16); adaptive_plain_grad.c is the same source differentiated with
 * --no-checkpoint, everything taped; the -D option renames its function so
 * that both files link into one program.
 *
 * main prints the trip count of the time loop (ck_stats loop_steps), the
 * steps online(16) ran again against Revolve's optimum F(l, 16) for that
 * count, and the peak memory of both adjoints (ck_stats peak_bytes).  It
 * exits with status 1 unless the two gradients are bitwise equal and both
 * adjoints return adapt_misfit's value, the loop ran as many steps as
 * adapt_solve counts, with 16 snapshots, online(16) ran no fewer steps
 * again than F(l, 16), its peak is below 1/100 of the taped adjoint's at
 * 100,000 steps, and the gradient agrees with Richardson-extrapolated
 * central differences along 2 random directions to 1e-6 (relative).
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "adaptive.h"
#include "adaptive_grad.h"
#include "adaptive_plain_grad.h"
#include "ckrt.h"

#define N ADAPT_N  /* the state: u, then v */
#define SNAPS 16   /* the K of online(K) in adaptive.c */
#define NDIR 2     /* random directions for the finite differences */
#define B0 3.0     /* the Brusselator's B, where the gradient is taken */
#define B_OBS 3.2  /* the B of the observation (the target) */
#define SCALE_STEPS 100000.0 /* the memory check: at this many steps */

static double T = ADAPT_T, tol = ADAPT_TOL;
static double y0[N], target[N];

static unsigned long long rng_state = 7;

/* A uniform number in [-1, 1) from a 64-bit linear congruential generator
 * (Knuth's MMIX constants): the same on every machine. */
static double uniform(void)
{
	rng_state =
		rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rng_state >> 11) / 4503599627370496.0 - 1.0;
}

/* The initial state: a sine wave of u about A, v = B / A; the target: the
 * state that adapt_solve reaches at T from there with B = B_OBS. */
static void init(void)
{
	long rejected;
	int i;

	for (i = 0; i < ADAPT_CELLS; i++) {
		double x = (i + 1.0) / (ADAPT_CELLS + 1);
		y0[i] = ADAPT_A + sin(6.283185307179586 * x);
		y0[ADAPT_CELLS + i] = B0 / ADAPT_A;
	}
	adapt_solve(y0, B_OBS, T, tol, target, &rejected);
}

typedef double (*adjoint_fn)(const double *y0, double *y0_b, double b,
			     double *b_b, const double *target, double T,
			     double tol, double ret_b);

/* One run of an adjoint: its gradient (y0, then B), value, statistics and
 * time. */
typedef struct Run {
	const char *name;
	adjoint_fn f_b;
	double grad[N + 1];
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
 * statistics and the time of that one call. */
static void run(Run *r)
{
	double t0;

	memset(r->grad, 0, sizeof r->grad);
	ck_stats_reset();
	t0 = now();
	r->value = r->f_b(y0, r->grad, B0, &r->grad[N], target, T, tol, 1.0);
	r->seconds = now() - t0;
	ck_stats_get(&r->st);
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
 * snapshots runs beyond the l taped ones, t l - C(s + t, t - 1) for the
 * smallest t with C(s + t, s) >= l (Griewank and Walther).  Revolve knows
 * l from the start; online(K) does not, and can do no better. */
static double revolve_optimum(double l, int s)
{
	int t = 0;

	if (l <= 1)
		return 0;
	while (binom(s + t, s) < l)
		t++;
	return t * l - binom(s + t, t - 1);
}

/* The misfit with (y0, B) moved by h along d. */
static double misfit_along(const double *d, double h)
{
	double yh[N];
	int i;

	for (i = 0; i < N; i++)
		yh[i] = y0[i] + h * d[i];
	return adapt_misfit(yh, B0 + h * d[N], target, T, tol);
}

/* d/dh of misfit_along at h = 0: (4 D(h/2) - D(h)) / 3 with central
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
	static Run runs[2] = {
		{ .name = "--no-checkpoint", .f_b = adapt_misfit_plain_b },
		{ .name = "online(16)", .f_b = adapt_misfit_b },
	};
	Run *plain = &runs[0], *onl = &runs[1];
	double y[N], value, seconds, optimum, per_step, worst = 0;
	long attempts, rejected;
	int i, k, failed = 0;

	if (argc > 1) {
		char *end;
		T = strtod(argv[1], &end);
		if (*end || !(T > 0 && T < INFINITY)) {
			fprintf(stderr, "usage: %s [final time T > 0]\n",
				argv[0]);
			return 2;
		}
	}
	init();
	attempts = adapt_solve(y0, B0, T, tol, y, &rejected);
	seconds = now();
	value = adapt_misfit(y0, B0, target, T, tol);
	seconds = now() - seconds;
	for (k = 0; k < 2; k++)
		run(&runs[k]);
	optimum = revolve_optimum((double)onl->st.loop_steps, SNAPS);
	per_step = (double)plain->st.peak_bytes / attempts;

	printf("adapt_misfit (%d cells, B = %g, T = %g, tol = %g) = %.15g\n",
	       ADAPT_CELLS, B0, T, tol, value);
	printf("dJ/dB = %.15g\n", onl->grad[N]);
	printf("time loop: %ld attempts, %ld accepted and %ld rejected "
	       "(adapt_misfit: %.2f ms)\n",
	       attempts, attempts - rejected, rejected, seconds * 1e3);
	printf("adjoint            peak bytes  recomputed  ms/gradient\n");
	for (k = 0; k < 2; k++)
		printf("%-16s %12zu %11llu %12.2f\n", runs[k].name,
		       runs[k].st.peak_bytes, runs[k].st.recomputations,
		       runs[k].seconds * 1e3);
	printf("online(16): trip count %llu, %d snapshots (ck_stats "
	       "loop_steps, loop_snapshots)\n",
	       onl->st.loop_steps, onl->st.loop_snapshots);
	printf("Revolve's optimum for %llu steps and %d snapshots: %.0f "
	       "recomputed; online(16): %.3f times that\n",
	       onl->st.loop_steps, SNAPS, optimum,
	       optimum > 0 ? onl->st.recomputations / optimum : 1.0);
	printf("peak memory / --no-checkpoint's: %.2e (1/%.0f); "
	       "--no-checkpoint tapes %.0f bytes a step\n",
	       (double)onl->st.peak_bytes / plain->st.peak_bytes,
	       (double)plain->st.peak_bytes / onl->st.peak_bytes, per_step);

	for (k = 0; k < 2; k++)
		if (runs[k].value != value) {
			printf("FAIL: %s: the adjoint's misfit is not "
			       "adapt_misfit's\n",
			       runs[k].name);
			failed = 1;
		}
	if (memcmp(onl->grad, plain->grad, sizeof plain->grad)) {
		printf("FAIL: online(16): the gradient differs from "
		       "--no-checkpoint's\n");
		failed = 1;
	}
	if (!failed)
		printf("ok: online(16) and --no-checkpoint give bitwise equal "
		       "gradients, and both adapt_misfit's value\n");
	if (onl->st.loop_steps == (unsigned long long)attempts &&
	    onl->st.loop_snapshots == SNAPS) {
		printf("ok: the loop ran adapt_solve's %ld attempts, with %d "
		       "snapshots\n",
		       attempts, SNAPS);
	} else {
		printf("FAIL: ck_stats gives %llu steps and %d snapshots, not "
		       "%ld and %d\n",
		       onl->st.loop_steps, onl->st.loop_snapshots, attempts,
		       SNAPS);
		failed = 1;
	}
	if ((double)onl->st.recomputations >= optimum) {
		printf("ok: online(16) runs no fewer steps again than "
		       "Revolve's optimum\n");
	} else {
		printf("FAIL: online(16) recomputed %llu steps, fewer than "
		       "Revolve's optimum %.0f\n",
		       onl->st.recomputations, optimum);
		failed = 1;
	}
	/* The taped adjoint's peak grows with the steps, online(16)'s does
	 * not: compare with the taped one's at SCALE_STEPS steps. */
	if (onl->st.peak_bytes < per_step * SCALE_STEPS / 100) {
		printf("ok: online(16)'s peak is below 1/100 of "
		       "--no-checkpoint's at 100,000 steps (1/%.0f)\n",
		       per_step * SCALE_STEPS / onl->st.peak_bytes);
	} else {
		printf("FAIL: online(16)'s peak, %zu bytes, is not below 1/100 "
		       "of --no-checkpoint's at 100,000 steps (%.0f bytes)\n",
		       onl->st.peak_bytes, per_step * SCALE_STEPS);
		failed = 1;
	}

	printf("direction   gradient . d (ckc)     finite differences     "
	       "rel. diff\n");
	for (k = 0; k < NDIR; k++) {
		double d[N + 1], ad = 0, fd, r;
		for (i = 0; i <= N; i++)
			ad += onl->grad[i] * (d[i] = uniform());
		fd = richardson(d);
		r = rel_diff(ad, fd);
		worst = fmax(worst, r);
		printf("%-11d %-22.15g %-22.15g %.1e\n", k + 1, ad, fd, r);
	}
	if (!(worst <= 1e-6)) {
		printf("FAIL: gradient and finite differences differ by more "
		       "than 1e-6\n");
		failed = 1;
	} else {
		printf("ok: gradient and finite differences agree to 1e-6\n");
	}
	return failed;
}
