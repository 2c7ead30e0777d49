/*
 * adaptive.c - the Brusselator with diffusion, integrated with an adaptive
 * time step: the online checkpointing example of ckc.
 *
 *     u_t = A + u^2 v - (B + 1) u + alpha u_xx
 *     v_t = B u - u^2 v + alpha v_xx        on (0, 1), t in (0, T]
 *
 * with u = A and v = B / A (the uniform steady state) at both ends, on
 * ADAPT_CELLS cells (second differences).  For B > 1 + A^2 the steady state
 * is unstable and the cells oscillate.  The time steps are those of the
 * Heun-Euler pair: Heun's method (order 2) advances the state, and its
 * difference from Euler's step estimates the error.  A step whose
 * estimated error exceeds the tolerance is rejected and tried again,
 * shorter; every attempt, accepted or not, sets the next step from the
 * error, and the last step is cut to land on T.  How many attempts that
 * takes is known only when the loop ends.
 *
 * adapt_misfit starts from y0 = (u, v), integrates to T with parameter B
 * and returns the misfit of the final state to a target; its gradient with
 * respect to y0 and B is what fitting them to an observation needs.
 * `#pragma ck_checkpoint online(16)` on the time loop makes ckc reverse it
 * with at most 16 snapshots of the loop's state, placed while the loop runs
 * (the number of steps is not known in advance, so binomial(K) cannot be
 * used), and the steps between them run again.
 */
#include <math.h>

#include "adaptive.h"

#define N ADAPT_CELLS

/* f = dy/dt at y, for the Brusselator's parameter b. */
static void rhs(const double *y, double b, double *f)
{
	const double a = ADAPT_A, k = ADAPT_ALPHA * (N + 1) * (N + 1);
	const double *u = y, *v = y + N;
	int i;

	for (i = 0; i < N; i++) {
		double ul = a, ur = a, vl = b / a, vr = b / a, uuv;
		if (i > 0) {
			ul = u[i - 1];
			vl = v[i - 1];
		}
		if (i < N - 1) {
			ur = u[i + 1];
			vr = v[i + 1];
		}
		uuv = u[i] * u[i] * v[i];
		f[i] = a + uuv - (b + 1) * u[i] + k * (ul - 2 * u[i] + ur);
		f[N + i] = b * u[i] - uuv + k * (vl - 2 * v[i] + vr);
	}
}

/* One attempt at a step from time *t, of length *dt or what is left to T.
 * The error estimate is the root mean square of (Heun - Euler)_i scaled by
 * tol (1 + max(|y_i|, |Euler_i|)): the step is accepted when it is at most
 * 1.  Either way the next step is this one times 0.9 / sqrt(err) (the
 * error is O(h^2)), kept between 0.2 and 5 times this one.  Returns 1 when
 * the step is accepted (then y and *t have moved on), 0 when rejected. */
static int attempt(double *y, double b, double *t, double *dt, double T,
		   double tol)
{
	double k1[ADAPT_N], k2[ADAPT_N], z[ADAPT_N];
	int last = *dt >= T - *t, i;
	double h = last ? T - *t : *dt, err = 0;

	rhs(y, b, k1);
	for (i = 0; i < ADAPT_N; i++)
		z[i] = y[i] + h * k1[i]; /* Euler */
	rhs(z, b, k2);
	for (i = 0; i < ADAPT_N; i++) {
		double e = 0.5 * h * (k2[i] - k1[i]); /* Heun - Euler */
		double sc = tol * (1 + fmax(fabs(y[i]), fabs(z[i])));
		z[i] = y[i] + 0.5 * h * (k1[i] + k2[i]); /* Heun */
		err += (e / sc) * (e / sc);
	}
	/* (the floor keeps 0.9 / sqrt(err) finite when nothing changes) */
	err = fmax(sqrt(err / ADAPT_N), 1e-10);
	*dt = h * fmin(5.0, fmax(0.2, 0.9 / sqrt(err)));
	if (err > 1)
		return 0;
	*t = last ? T : *t + h;
	for (i = 0; i < ADAPT_N; i++)
		y[i] = z[i];
	return 1;
}

/* 1/2 sum_i (y_i - target_i)^2 / (cells + 1) */
static double misfit(const double *y, const double *target)
{
	double f = 0;
	int i;

	for (i = 0; i < ADAPT_N; i++)
		f += (y[i] - target[i]) * (y[i] - target[i]);
	return 0.5 * f / (N + 1);
}

#pragma ck_adjoint wrt(y0, b)
double adapt_misfit(const double *y0, double b, const double *target,
		    double T, double tol)
{
	double y[ADAPT_N], t = 0, dt = ADAPT_DT0;
	int i;

	for (i = 0; i < ADAPT_N; i++)
		y[i] = y0[i];
#pragma ck_checkpoint online(16)
	while (t < T)
		attempt(y, b, &t, &dt, T, tol);
	return misfit(y, target);
}

/* The same integration, not differentiated: the final state into y; returns
 * the number of attempts and sets *rejected to the rejected ones. */
long adapt_solve(const double *y0, double b, double T, double tol,
		 double *y, long *rejected)
{
	double t = 0, dt = ADAPT_DT0;
	long attempts = 0;
	int i;

	for (i = 0; i < ADAPT_N; i++)
		y[i] = y0[i];
	*rejected = 0;
	while (t < T) {
		attempts++;
		if (!attempt(y, b, &t, &dt, T, tol))
			++*rejected;
	}
	return attempts;
}
