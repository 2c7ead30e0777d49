/*
 * main.c - the gradient of the perceptron's loss by ckc's reverse mode,
 * checked against finite differences.
 *
 *   ckc mlp.c -o mlp_grad.c
 *   cc -std=c99 -O2 main.c mlp.c mlp_grad.c -lckrt -lm
 *
 * One call of mlp_loss_b gives the loss and its gradient with respect to the
 * 2090 weights and the 10 inputs.  The gradient's derivative along a few
 * random directions (the dot product with the direction) is compared with
 * Richardson-extrapolated central differences of mlp_loss along the same
 * directions; the program exits with status 1 when one differs by more than
 * 1e-7 (relative).
 *
 * mlp.c checkpoints its middle layer; main prints the peak memory of
 * libckrt (tape and snapshots) that mlp_loss_b needed.  Built with
 * -DMLP_COMPARE_NO_CHECKPOINT and the same model differentiated without
 * checkpoints under another name,
 *
 *   ckc --no-checkpoint -Dmlp_loss=mlp_loss_plain mlp.c -o mlp_plain_grad.c
 *
 * (as make demo builds it), it also prints mlp_loss_plain_b's peak and
 * exits with status 1 unless the two gradients are bitwise equal.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ckrt.h"
#include "mlp.h"
#include "mlp_grad.h"
#ifdef MLP_COMPARE_NO_CHECKPOINT
#include "mlp_plain_grad.h"
#endif

#define NDIR 4 /* random directions checked */

static unsigned long long rng_state = 42;

/* A uniform number in [-1, 1) from a 64-bit linear congruential generator
 * (Knuth's MMIX constants): the same on every machine. */
static double uniform(void)
{
	rng_state =
		rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rng_state >> 11) / 4503599627370496.0 - 1.0;
}

static double w[MLP_NW], x[MLP_N0], target[MLP_N3];
static double w_b[MLP_NW], x_b[MLP_N0];
#ifdef MLP_COMPARE_NO_CHECKPOINT
static double w_b_plain[MLP_NW], x_b_plain[MLP_N0];
#endif

/* Weights uniform in +-sqrt(3 / fan-in) (unit variance through a layer),
 * biases 0.1 * uniform, inputs uniform, and a random target distribution. */
static void init(void)
{
	static const int off[3] = { MLP_L1, MLP_L2, MLP_L3 };
	static const int nin[3] = { MLP_N0, MLP_N1, MLP_N2 };
	static const int nout[3] = { MLP_N1, MLP_N2, MLP_N3 };
	double sum = 0;
	int l, i;

	for (l = 0; l < 3; l++) {
		double scale = sqrt(3.0 / nin[l]);
		for (i = 0; i < nout[l] * nin[l]; i++)
			w[off[l] + i] = scale * uniform();
		for (; i < nout[l] * (nin[l] + 1); i++)
			w[off[l] + i] = 0.1 * uniform();
	}
	for (i = 0; i < MLP_N0; i++)
		x[i] = uniform();
	for (i = 0; i < MLP_N3; i++)
		sum += target[i] = 1.5 + uniform();
	for (i = 0; i < MLP_N3; i++)
		target[i] /= sum;
}

/* The loss with (w, x) moved by t along (dw, dx). */
static double loss_along(const double *dw, const double *dx, double t)
{
	double wt[MLP_NW], xt[MLP_N0];
	int i;

	for (i = 0; i < MLP_NW; i++)
		wt[i] = w[i] + t * dw[i];
	for (i = 0; i < MLP_N0; i++)
		xt[i] = x[i] + t * dx[i];
	return mlp_loss(wt, xt, target);
}

/* d/dt of loss_along at t = 0: (4 D(h/2) - D(h)) / 3 with central
 * differences D(h) = (L(h) - L(-h)) / 2h.  h is small because relu has
 * kinks: a step must not carry a hidden unit across 0. */
static double richardson(const double *dw, const double *dx)
{
	const double h = 1e-5;
	double d1 = (loss_along(dw, dx, h) - loss_along(dw, dx, -h)) / (2 * h);
	double d2 =
		(loss_along(dw, dx, h / 2) - loss_along(dw, dx, -h / 2)) / h;

	return (4 * d2 - d1) / 3;
}

static double rel_diff(double a, double b)
{
	double scale = fmax(fabs(a), fabs(b));

	return scale > 0 ? fabs(a - b) / scale : 0;
}

int main(void)
{
	double dw[MLP_NW], dx[MLP_N0];
	double loss, norm = 0, worst = 0;
	ck_stats st;
	int i, k;

	init();
	/* The adjoint accumulates: start from zero and seed the loss with 1. */
	for (i = 0; i < MLP_NW; i++)
		w_b[i] = 0;
	for (i = 0; i < MLP_N0; i++)
		x_b[i] = 0;
	ck_stats_reset();
	loss = mlp_loss_b(w, w_b, x, x_b, target, 1.0);
	ck_stats_get(&st);
	for (i = 0; i < MLP_NW; i++)
		norm += w_b[i] * w_b[i];
	for (i = 0; i < MLP_N0; i++)
		norm += x_b[i] * x_b[i];
	norm = sqrt(norm);

	printf("mlp_loss (10 -> 20 -> 30 -> 40, %d weights) = %.15g\n", MLP_NW,
	       loss);
	printf("gradient norm (w and x) = %.15g\n", norm);
	printf("peak memory of mlp_loss_b: %zu bytes (tape %zu, snapshots "
	       "%zu), %llu recomputation%s\n",
	       st.peak_bytes, st.tape_peak_bytes, st.snapshot_peak_bytes,
	       st.recomputations, st.recomputations == 1 ? "" : "s");
#ifdef MLP_COMPARE_NO_CHECKPOINT
	{
		ck_stats plain;
		ck_stats_reset();
		mlp_loss_plain_b(w, w_b_plain, x, x_b_plain, target, 1.0);
		ck_stats_get(&plain);
		/* on a network this small, the region's snapshot can weigh
		 * more than the tape of the layer it replaces */
		double saved = 100.0 * (1.0 - (double)st.peak_bytes /
						      plain.peak_bytes);
		printf("without checkpoints (ckc --no-checkpoint): %zu bytes; "
		       "checkpointing %s %.0f%%\n",
		       plain.peak_bytes, saved >= 0 ? "saves" : "costs",
		       saved >= 0 ? saved : -saved);
		if (memcmp(w_b, w_b_plain, sizeof w_b) ||
		    memcmp(x_b, x_b_plain, sizeof x_b)) {
			printf("FAIL: the gradients with and without "
			       "checkpoints differ\n");
			return 1;
		}
		printf("ok: the gradients with and without checkpoints are "
		       "bitwise equal\n");
	}
#endif
	printf("direction   gradient . d (ckc)     finite differences     "
	       "rel. diff\n");
	for (k = 0; k < NDIR; k++) {
		double ad = 0, fd, r;
		for (i = 0; i < MLP_NW; i++)
			ad += w_b[i] * (dw[i] = uniform());
		for (i = 0; i < MLP_N0; i++)
			ad += x_b[i] * (dx[i] = uniform());
		fd = richardson(dw, dx);
		r = rel_diff(ad, fd);
		worst = fmax(worst, r);
		printf("%-11d %-22.15g %-22.15g %.1e\n", k + 1, ad, fd, r);
	}
	if (loss != mlp_loss(w, x, target)) {
		printf("FAIL: mlp_loss_b's loss differs from mlp_loss's\n");
		return 1;
	}
	if (!(worst <= 1e-7)) {
		printf("FAIL: gradient and finite differences differ by more "
		       "than 1e-7\n");
		return 1;
	}
	printf("ok: gradient and finite differences agree to 1e-7\n");
	return 0;
}
