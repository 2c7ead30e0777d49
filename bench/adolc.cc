/*
 * adolc.cc - the benchmark kernels under ADOL-C (operator overloading on
 * adouble, taping, then gradient()), for comparison with ckc.
 *
 * The kernels are written out again for adouble, operation for operation as
 * in their C sources.  Branches on adouble values are taken while taping, so
 * a tape is valid only at the point where it was recorded; the benchmark
 * evaluates every tape there.
 */
#include <adolc/adolc.h>

#include <cstdio>
#include <cstdlib>

#include "bench.h"
#include "mlp.h"

static adouble rosenbrock_ad(const adouble *x, int n)
{
	adouble f = 0;

	for (int i = 0; i < n - 1; i++) {
		adouble t = x[i + 1] - x[i] * x[i];
		adouble s = 1 - x[i];
		f += 100 * t * t + s * s;
	}
	return f;
}

static adouble heat_ad(const adouble *u0, int steps)
{
	const double r = 0.25;
	adouble u[HEAT_CELLS], un[HEAT_CELLS];
	adouble f = 0;

	for (int i = 0; i < HEAT_CELLS; i++)
		u[i] = u0[i];
	for (int t = 0; t < steps; t++) {
		for (int i = 1; i < HEAT_CELLS - 1; i++)
			un[i] = u[i] + r * (u[i - 1] - 2 * u[i] + u[i + 1]);
		for (int i = 1; i < HEAT_CELLS - 1; i++)
			u[i] = un[i];
	}
	for (int i = 0; i < HEAT_CELLS; i++)
		f += u[i] * u[i];
	return f;
}

/* ADOL-C has no log1p: log(1 + e) instead. */
static adouble logreg_ad(const adouble *w, const double *X, const double *y,
			 int n, int d, double lambda)
{
	adouble loss = 0, reg = 0;

	for (int i = 0; i < n; i++) {
		adouble z = w[d], m;
		for (int j = 0; j < d; j++)
			z += w[j] * X[i * d + j];
		m = -y[i] * z;
		if (m > 0)
			loss += m + log(1 + exp(-m));
		else
			loss += log(1 + exp(m));
	}
	for (int j = 0; j < d; j++)
		reg += w[j] * w[j];
	return loss / n + 0.5 * lambda * reg;
}

static void dense_ad(const adouble *w, const adouble *in, adouble *out,
		     int nin, int nout, int relu)
{
	for (int i = 0; i < nout; i++) {
		adouble a = w[nout * nin + i];
		for (int j = 0; j < nin; j++)
			a += w[i * nin + j] * in[j];
		if (relu && a < 0)
			a = 0;
		out[i] = a;
	}
}

static adouble mlp_ad(const adouble *w, const adouble *x, const double *target)
{
	adouble h1[MLP_N1], h2[MLP_N2], z[MLP_N3];
	adouble zmax, sum, lse, loss;

	dense_ad(w + MLP_L1, x, h1, MLP_N0, MLP_N1, 1);
	dense_ad(w + MLP_L2, h1, h2, MLP_N1, MLP_N2, 1);
	dense_ad(w + MLP_L3, h2, z, MLP_N2, MLP_N3, 0);
	zmax = z[0];
	for (int k = 1; k < MLP_N3; k++)
		if (z[k] > zmax)
			zmax = z[k];
	sum = 0;
	for (int k = 0; k < MLP_N3; k++)
		sum += exp(z[k] - zmax);
	lse = zmax + log(sum);
	loss = 0;
	for (int k = 0; k < MLP_N3; k++)
		loss += target[k] * (lse - z[k]);
	return loss;
}

static adouble kernel_ad(int k, const adouble *v)
{
	switch (k) {
	case K_ROSENBROCK:
		return rosenbrock_ad(v, ROSEN_N);
	case K_HEAT:
		return heat_ad(v, HEAT_STEPS);
	case K_LOGREG:
		return logreg_ad(v, logreg_X, logreg_y, LOGREG_N, LOGREG_D,
				 LOGREG_LAMBDA);
	default:
		return mlp_ad(v, v + MLP_NW, mlp_target);
	}
}

/* Buffer sizes per tape, from tapestats after the first recording, so that
 * later tapes stay in memory instead of spilling to ADOLC-*.tap files. */
static unsigned bufsize[K_COUNT][4];

static void record(int k, const double *v, int n)
{
	adouble *av = new adouble[n];
	adouble y;
	double yv;

	for (int i = 0; i < n; i++)
		av[i] <<= v[i];
	y = kernel_ad(k, av);
	y >>= yv;
	delete[] av;
}

extern "C" void adolc_tape(int k, const double *v, int n)
{
	unsigned *b = bufsize[k];

	if (b[0] == 0) {
		size_t st[STAT_SIZE];
		trace_on((short)k);
		record(k, v, n);
		trace_off();
		tapestats((short)k, st);
		b[0] = (unsigned)st[NUM_OPERATIONS] + 64;
		b[1] = (unsigned)st[NUM_LOCATIONS] + 64;
		b[2] = (unsigned)st[NUM_VALUES] + 64;
		b[3] = (unsigned)st[TAY_STACK_SIZE] + 64;
		for (int i = 0; i < 4; i++)
			if (b[i] < 524288)
				b[i] = 524288; /* ADOL-C's default */
	}
	trace_on((short)k, 0, b[0], b[1], b[2], b[3]);
	record(k, v, n);
	trace_off();
}

extern "C" void adolc_gradient(int k, const double *v, int n, double *g)
{
	if (gradient((short)k, n, v, g) < 0) {
		std::fprintf(stderr,
			     "bench: ADOL-C's tape %d is not valid at "
			     "this point\n",
			     k);
		std::exit(1);
	}
}

extern "C" void adolc_hess_vec(int k, const double *v, int n, const double *d,
			       double *hv)
{
	if (hess_vec((short)k, n, const_cast<double *>(v),
		     const_cast<double *>(d), hv) < 0) {
		std::fprintf(stderr,
			     "bench: ADOL-C's tape %d is not valid at "
			     "this point\n",
			     k);
		std::exit(1);
	}
}
