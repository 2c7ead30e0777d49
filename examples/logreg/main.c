/*
 * main.c - gradient descent on a logistic regression with the gradient from
 * ckc's reverse mode, checked against finite differences.
 *
 *   ckc logreg.c -o logreg_grad.c
 *   cc -std=c99 -O2 main.c logreg.c logreg_grad.c -lm
 *
 * Makes a synthetic data set (200 samples of 8 features, labels from a
 * hidden linear model with 10% of them flipped), takes gradient-descent steps
 * from w = 0 with the gradient of logreg_loss_b, printing the loss, then
 * compares every component of the final gradient with Richardson-
 * extrapolated central differences.  Exits with status 1 when the loss does
 * not decrease or a component differs by more than 1e-7 (relative).
 */
#include <math.h>
#include <stdio.h>

#include "logreg_grad.h"

#define N 200 /* samples */
#define D 8   /* features; the model has D weights and a bias */
#define STEPS 10

double logreg_loss(const double *w, const double *X, const double *y, int n,
		   int d, double lambda);

static const double lambda = 1e-2, rate = 4.0;
static double X[N * D], y[N];

static unsigned long long rng_state = 7;

/* A uniform number in [-1, 1) from a 64-bit linear congruential generator
 * (Knuth's MMIX constants): the same on every machine. */
static double uniform(void)
{
	rng_state =
		rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rng_state >> 11) / 4503599627370496.0 - 1.0;
}

/* Features uniform in [-1, 1); the label is the sign of a hidden model's z,
 * flipped for one sample in ten. */
static void make_data(void)
{
	static const double hidden[D + 1] = { 2.0,  -1.5, 1.0,  0.5, -0.5,
					      0.25, 0.0,  -2.0, 0.3 };
	int i, j;

	for (i = 0; i < N; i++) {
		double z = hidden[D];
		for (j = 0; j < D; j++)
			z += hidden[j] * (X[i * D + j] = uniform());
		y[i] = z > 0 ? 1.0 : -1.0;
		if (i % 10 == 3)
			y[i] = -y[i];
	}
}

/* The loss and its gradient g (overwritten) at w. */
static double loss_and_gradient(const double *w, double *g)
{
	int j;

	for (j = 0; j <= D; j++)
		g[j] = 0; /* the adjoint accumulates */
	return logreg_loss_b(w, g, X, y, N, D, lambda, 1.0);
}

/* d loss / d w_j by (4 D(h/2) - D(h)) / 3, with central differences
 * D(h) = (L(w + h e_j) - L(w - h e_j)) / 2h. */
static double richardson(const double *w, int j)
{
	const double h = 1e-3;
	double wt[D + 1], l[4];
	static const double t[4] = { 1, -1, 0.5, -0.5 };
	int k, i;

	for (k = 0; k < 4; k++) {
		for (i = 0; i <= D; i++)
			wt[i] = w[i];
		wt[j] += t[k] * h;
		l[k] = logreg_loss(wt, X, y, N, D, lambda);
	}
	return (4 * (l[2] - l[3]) / h - (l[0] - l[1]) / (2 * h)) / 3;
}

static double rel_diff(double a, double b)
{
	double scale = fmax(fabs(a), fabs(b));

	return scale > 0 ? fabs(a - b) / scale : 0;
}

int main(void)
{
	double w[D + 1] = { 0 }, g[D + 1];
	double loss, first, norm, worst = 0;
	int step, j, ok = 1;

	make_data();
	printf("logistic regression: %d samples, %d features, lambda = %g, "
	       "step %g\n",
	       N, D, lambda, rate);
	printf("step   loss                   |gradient|\n");
	first = loss = loss_and_gradient(w, g);
	for (step = 0;; step++) {
		double prev = loss;
		for (norm = 0, j = 0; j <= D; j++)
			norm += g[j] * g[j];
		printf("%-6d %-22.15g %.6g\n", step, loss, sqrt(norm));
		if (step == STEPS)
			break;
		for (j = 0; j <= D; j++)
			w[j] -= rate * g[j];
		loss = loss_and_gradient(w, g);
		if (!(loss < prev))
			ok = 0;
	}
	if (loss != logreg_loss(w, X, y, N, D, lambda)) {
		printf("FAIL: logreg_loss_b's loss differs from "
		       "logreg_loss's\n");
		return 1;
	}
	if (!ok) {
		printf("FAIL: the loss did not decrease at every step\n");
		return 1;
	}

	printf("at the last w:\n");
	printf("             gradient (ckc)         finite differences     "
	       "rel. diff\n");
	for (j = 0; j <= D; j++) {
		double fd = richardson(w, j), r = rel_diff(g[j], fd);
		char name[16];
		if (j < D)
			sprintf(name, "w[%d]", j);
		else
			sprintf(name, "w[%d] (bias)", j);
		worst = fmax(worst, r);
		printf("%-12s %-22.15g %-22.15g %.1e\n", name, g[j], fd, r);
	}
	if (!(worst <= 1e-7)) {
		printf("FAIL: gradient and finite differences differ by more "
		       "than 1e-7\n");
		return 1;
	}
	printf("ok: loss %.6g -> %.6g in %d steps; gradient and finite "
	       "differences agree to 1e-7\n",
	       first, loss, STEPS);
	return 0;
}
