/*
 * hand.c - hand-written adjoints of the benchmark kernels: what a careful
 * person writes for the gradient, the yardstick for ckc's f_b.  Same
 * signatures and accumulation as ckc's (x_b += ret_b * df/dx).
 */
#include <math.h>

#include "bench.h"
#include "mlp.h"

/* One pass, each x_b[i] written once: its terms come from term i and from
 * term i-1 (through t of the previous term). */
double rosenbrock_hand_b(const double *x, double *x_b, int n, double ret_b)
{
	double f = 0, tprev = 0;
	int i;

	for (i = 0; i < n - 1; i++) {
		double t = x[i + 1] - x[i] * x[i];
		double s = 1 - x[i];
		f += 100 * t * t + s * s;
		x_b[i] += ret_b * (200 * tprev - 400 * t * x[i] - 2 * s);
		tprev = t;
	}
	if (n > 1)
		x_b[n - 1] += ret_b * 200 * tprev;
	return f;
}

/* One transposed step of heat_objective: the adjoint of the state before
 * the step from the adjoint ub after it.  The same stencil inside, except
 * next to the ends, whose cells the step does not update. */
static void heat_step_b(const double *restrict ub, double *restrict ubn,
			double r)
{
	const int n = HEAT_CELLS;
	int i;

	ubn[0] = ub[0] + r * ub[1];
	ubn[1] = (1 - 2 * r) * ub[1] + r * ub[2];
	for (i = 2; i < n - 2; i++)
		ubn[i] = ub[i] + r * (ub[i - 1] - 2 * ub[i] + ub[i + 1]);
	ubn[n - 2] = (1 - 2 * r) * ub[n - 2] + r * ub[n - 3];
	ubn[n - 1] = ub[n - 1] + r * ub[n - 2];
}

/* The steps are linear, so the adjoint needs no stored states: it applies
 * the transposed step `steps` times to the final state's adjoint 2u. */
double heat_objective_hand_b(const double *u0, double *u0_b, int steps,
			     double ret_b)
{
	const double r = 0.25;
	double u[HEAT_CELLS], un[HEAT_CELLS], ub[HEAT_CELLS], ubn[HEAT_CELLS];
	double f = 0;
	int i, t;

	for (i = 0; i < HEAT_CELLS; i++)
		u[i] = u0[i];
	for (t = 0; t < steps; t++) {
		for (i = 1; i < HEAT_CELLS - 1; i++)
			un[i] = u[i] + r * (u[i - 1] - 2 * u[i] + u[i + 1]);
		for (i = 1; i < HEAT_CELLS - 1; i++)
			u[i] = un[i];
	}
	for (i = 0; i < HEAT_CELLS; i++) {
		f += u[i] * u[i];
		ub[i] = ret_b * 2 * u[i];
	}
	for (t = 0; t + 1 < steps; t += 2) {
		heat_step_b(ub, ubn, r);
		heat_step_b(ubn, ub, r);
	}
	if (t < steps) {
		heat_step_b(ub, ubn, r);
		for (i = 0; i < HEAT_CELLS; i++)
			ub[i] = ubn[i];
	}
	for (i = 0; i < HEAT_CELLS; i++)
		u0_b[i] += ub[i];
	return f;
}

double logreg_loss_hand_b(const double *w, double *w_b, const double *X,
			  const double *y, int n, int d, double lambda,
			  double ret_b)
{
	double loss = 0, reg = 0;
	int i, j;

	for (i = 0; i < n; i++) {
		double z = w[d], m, zb;
		for (j = 0; j < d; j++)
			z += w[j] * X[i * d + j];
		m = -y[i] * z;
		if (m > 0)
			loss += m + log1p(exp(-m));
		else
			loss += log1p(exp(m));
		/* d log(1 + exp(m)) / dm = 1 / (1 + exp(-m)) */
		zb = -y[i] * ret_b / n / (1 + exp(-m));
		for (j = 0; j < d; j++)
			w_b[j] += zb * X[i * d + j];
		w_b[d] += zb;
	}
	for (j = 0; j < d; j++) {
		reg += w[j] * w[j];
		w_b[j] += ret_b * lambda * w[j];
	}
	return loss / n + 0.5 * lambda * reg;
}

/* out = W in + b (W nout x nin row-major, b after it); a keeps the values
 * before relu, out those after. */
static void dense(const double *w, const double *in, double *a, double *out,
		  int nin, int nout, int relu)
{
	int i, j;

	for (i = 0; i < nout; i++) {
		double s = w[nout * nin + i];
		for (j = 0; j < nin; j++)
			s += w[i * nin + j] * in[j];
		a[i] = s;
		out[i] = relu && s < 0 ? 0 : s;
	}
}

/* The adjoint of dense given out_b (the adjoint after relu): adds to w_b
 * and sets in_b.  No two of the arrays overlap. */
static void dense_b(const double *restrict w, double *restrict w_b,
		    const double *restrict in, double *restrict in_b,
		    const double *restrict a, const double *restrict out_b,
		    int nin, int nout, int relu)
{
	int i, j;

	for (j = 0; j < nin; j++)
		in_b[j] = 0;
	for (i = 0; i < nout; i++) {
		double ab = relu && a[i] < 0 ? 0 : out_b[i];
		w_b[nout * nin + i] += ab;
		for (j = 0; j < nin; j++) {
			w_b[i * nin + j] += ab * in[j];
			in_b[j] += ab * w[i * nin + j];
		}
	}
}

double mlp_loss_hand_b(const double *w, double *w_b, const double *x,
		       double *x_b, const double *target, double ret_b)
{
	double a1[MLP_N1], h1[MLP_N1], a2[MLP_N2], h2[MLP_N2], z[MLP_N3];
	double e[MLP_N3];
	double xb[MLP_N0], h1b[MLP_N1], h2b[MLP_N2], zb[MLP_N3];
	double zmax, sum, lse, loss, tsum;
	int k;

	dense(w + MLP_L1, x, a1, h1, MLP_N0, MLP_N1, 1);
	dense(w + MLP_L2, h1, a2, h2, MLP_N1, MLP_N2, 1);
	dense(w + MLP_L3, h2, z, z, MLP_N2, MLP_N3, 0);
	zmax = z[0];
	for (k = 1; k < MLP_N3; k++)
		if (z[k] > zmax)
			zmax = z[k];
	sum = 0;
	for (k = 0; k < MLP_N3; k++)
		sum += e[k] = exp(z[k] - zmax);
	lse = zmax + log(sum);
	loss = 0;
	tsum = 0;
	for (k = 0; k < MLP_N3; k++) {
		loss += target[k] * (lse - z[k]);
		tsum += target[k];
	}
	/* d loss / d z_k = tsum softmax(z)_k - target_k */
	for (k = 0; k < MLP_N3; k++)
		zb[k] = ret_b * (tsum * e[k] / sum - target[k]);
	dense_b(w + MLP_L3, w_b + MLP_L3, h2, h2b, z, zb, MLP_N2, MLP_N3, 0);
	dense_b(w + MLP_L2, w_b + MLP_L2, h1, h1b, a2, h2b, MLP_N1, MLP_N2, 1);
	dense_b(w + MLP_L1, w_b + MLP_L1, x, xb, a1, h1b, MLP_N0, MLP_N1, 1);
	for (k = 0; k < MLP_N0; k++)
		x_b[k] += xb[k];
	return loss;
}
