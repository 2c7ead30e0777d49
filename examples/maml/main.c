/*
 * main.c - a MAML-style meta-gradient with ckc's gradient (f_b) and
 * Hessian-vector products (f_b_d) of one loss, regression.c's.
 *
 *   ckc regression.c -o regression_grad.c
 *   cc -std=c99 -O2 main.c regression.c regression_grad.c -lckrt -lm
 *
 * Each task is a sinusoid y = A sin(x + phi) with its own amplitude and
 * phase, seen through K training points and K validation points.  For
 * parameters w, a task adapts them with one gradient step on its training
 * loss and is scored by the validation loss there:
 *
 *     w'(w) = w - alpha grad L_in(w),      M(w) = L_out(w'(w)),
 *
 * and the meta-objective is the mean of M over the tasks.  By the chain
 * rule its gradient, the meta-gradient, is
 *
 *     grad M(w) = (I - alpha H_in(w)) grad L_out(w'),
 *
 * with H_in the Hessian of L_in: regression_loss_b gives grad L_in(w) and
 * grad L_out(w'), and regression_loss_b_d, with the direction
 * w_d = grad L_out(w'), gives H_in(w) grad L_out(w') without forming H_in.
 *
 * The program checks the meta-gradient against Richardson-extrapolated
 * central differences of the meta-objective (whose inner gradients come
 * from regression_loss_b), prints the maximum relative error and the size
 * of the second-order term alpha H_in grad L_out (what first-order MAML
 * drops), then takes meta-steps w -= beta grad M(w), printing the
 * meta-objective.  Exits with status 1 when the error is above 1e-7 or the
 * meta-objective does not decrease at every step.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "regression.h"
#include "regression_grad.h"

#define TASKS 6
#define K 10 /* training and validation points per task */
#define META_STEPS 8

static const double alpha = 0.05; /* the inner step */
static const double beta = 0.05;  /* the meta-step */

/* Task t's training points (xin[t], yin[t]) and validation points (xout[t],
 * yout[t]). */
static double xin[TASKS][K], yin[TASKS][K], xout[TASKS][K], yout[TASKS][K];

static unsigned long long rng_state = 3;

/* A uniform number in [-1, 1) from a 64-bit linear congruential generator
 * (Knuth's MMIX constants): the same on every machine. */
static double uniform(void)
{
	rng_state =
		rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (double)(rng_state >> 11) / 4503599627370496.0 - 1.0;
}

/* Amplitudes in [0.5, 1.5], phases in [0, 1.5], points uniform in
 * [-3, 3]. */
static void make_tasks(void)
{
	int t, i;

	for (t = 0; t < TASKS; t++) {
		double amp = 1.0 + 0.5 * uniform();
		double phase = 0.75 + 0.75 * uniform();
		for (i = 0; i < K; i++) {
			xin[t][i] = 3 * uniform();
			yin[t][i] = amp * sin(xin[t][i] + phase);
			xout[t][i] = 3 * uniform();
			yout[t][i] = amp * sin(xout[t][i] + phase);
		}
	}
}

/* Input weights and biases uniform in [-1, 1], output weights in
 * [-0.5, 0.5], output bias 0. */
static void init(double *w)
{
	int k;

	for (k = 0; k < 3 * H; k++)
		w[k] = k < 2 * H ? uniform() : 0.5 * uniform();
	w[3 * H] = 0;
}

/* g = the gradient (overwritten) of the loss on n points at w; returns the
 * loss. */
static double gradient(const double *w, const double *x, const double *y,
		       int n, double *g)
{
	memset(g, 0, NW * sizeof *g); /* the adjoint accumulates */
	return regression_loss_b(w, g, x, y, n, 1.0);
}

/* hv = H v (overwritten), the Hessian of the loss on n points at w times
 * v: the second-order adjoint with the seeds ret_b = 1, ret_bd = 0 puts
 * H v in w_bd (and the gradient, unused here, in w_b). */
static void hessian_times(const double *w, const double *x, const double *y,
			  int n, const double *v, double *hv)
{
	double w_b[NW];

	memset(w_b, 0, sizeof w_b);
	memset(hv, 0, NW * sizeof *hv);
	regression_loss_b_d(w, v, w_b, hv, x, y, n, 1.0, 0.0);
}

/* The adapted parameters of task t: w' = w - alpha grad L_in(w). */
static void adapt(const double *w, int t, double *wt)
{
	double g[NW];
	int j;

	gradient(w, xin[t], yin[t], K, g);
	for (j = 0; j < NW; j++)
		wt[j] = w[j] - alpha * g[j];
}

/* The meta-objective: the mean over the tasks of L_out(w'). */
static double meta_objective(const double *w)
{
	double wt[NW], sum = 0;
	int t;

	for (t = 0; t < TASKS; t++) {
		adapt(w, t, wt);
		sum += regression_loss(wt, xout[t], yout[t], K);
	}
	return sum / TASKS;
}

/* The meta-objective and its gradient mg (overwritten): for each task,
 * grad L_out(w') - alpha H_in(w) grad L_out(w').  second (if not NULL)
 * receives the second-order part, -alpha H_in(w) grad L_out(w'), summed
 * the same way. */
static double meta_gradient(const double *w, double *mg, double *second)
{
	double wt[NW], gout[NW], hv[NW], sum = 0;
	int t, j;

	memset(mg, 0, NW * sizeof *mg);
	if (second)
		memset(second, 0, NW * sizeof *second);
	for (t = 0; t < TASKS; t++) {
		adapt(w, t, wt);
		sum += gradient(wt, xout[t], yout[t], K, gout);
		hessian_times(w, xin[t], yin[t], K, gout, hv);
		for (j = 0; j < NW; j++) {
			mg[j] += (gout[j] - alpha * hv[j]) / TASKS;
			if (second)
				second[j] -= alpha * hv[j] / TASKS;
		}
	}
	return sum / TASKS;
}

/* d M / d w_j by (4 D(h/2) - D(h)) / 3 with central differences
 * D(h) = (M(w + h e_j) - M(w - h e_j)) / 2h. */
static double richardson(const double *w, int j)
{
	static const double s[4] = { 1, -1, 0.5, -0.5 };
	const double h = 1e-3;
	double wt[NW], m[4];
	int k;

	for (k = 0; k < 4; k++) {
		memcpy(wt, w, sizeof wt);
		wt[j] += s[k] * h;
		m[k] = meta_objective(wt);
	}
	return (4 * (m[2] - m[3]) / h - (m[0] - m[1]) / (2 * h)) / 3;
}

static double norm(const double *v)
{
	double s = 0;
	int j;

	for (j = 0; j < NW; j++)
		s += v[j] * v[j];
	return sqrt(s);
}

int main(void)
{
	double w[NW], mg[NW], second[NW], fd[NW];
	double m, first, prev, num = 0, den = 0, err;
	int j, step, ok = 1;

	make_tasks();
	init(w);
	printf("MAML on sinusoid regression: %d tasks of %d + %d points, a "
	       "tanh network of %d hidden units (%d parameters), alpha = %g\n",
	       TASKS, K, K, H, NW, alpha);

	/* The meta-gradient against differences of the meta-objective. */
	m = meta_gradient(w, mg, second);
	if (m != meta_objective(w)) {
		printf("FAIL: the meta-objective differs between "
		       "regression_loss_b and regression_loss\n");
		return 1;
	}
	for (j = 0; j < NW; j++) {
		fd[j] = richardson(w, j);
		num = fmax(num, fabs(mg[j] - fd[j]));
		den = fmax(den, fabs(fd[j]));
	}
	err = num / den;
	printf("meta-gradient (f_b, f_b_d) vs differences of the "
	       "meta-objective: max relative error %.1e\n",
	       err);
	printf("|meta-gradient| = %.6g, |second-order term alpha H_in "
	       "grad L_out| = %.6g\n",
	       norm(mg), norm(second));
	if (!(err <= 1e-7)) {
		printf("FAIL: the meta-gradient and the differences differ by "
		       "more than 1e-7\n");
		return 1;
	}

	/* Meta-steps. */
	printf("meta-step  meta-objective\n");
	first = prev = m;
	for (step = 0;; step++) {
		printf("%-10d %.12g\n", step, m);
		if (step == META_STEPS)
			break;
		for (j = 0; j < NW; j++)
			w[j] -= beta * mg[j];
		m = meta_gradient(w, mg, NULL);
		if (!(m < prev))
			ok = 0;
		prev = m;
	}
	if (!ok) {
		printf("FAIL: the meta-objective did not decrease at every "
		       "step\n");
		return 1;
	}
	printf("ok: meta-gradient and differences agree to 1e-7; "
	       "meta-objective %.6g -> %.6g in %d meta-steps\n",
	       first, m, META_STEPS);
	return 0;
}
