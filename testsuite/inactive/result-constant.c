// Calls to ck_inactive functions carry no derivative: their results are
// constants, also when the arguments are active.  noise() has no
// definition here; jitter() and tick() are defined in the file, and ckc
// calls them instead of differentiating into them.  Each runs once per
// call of f in f_d, f_b and f_b_d (counted), and the derivatives are the
// ones of f with the drawn values held fixed: the first call of f records
// the draws and every later call replays them, so the differences see
// them fixed too: tangent against differences, the dot-product test, H v
// against differences of gradients.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
#include <math.h>

double noise(double scale);
#pragma ck_inactive noise, jitter, tick

static unsigned draws;
static int replaying;
static double drawn[64];

/* depends on v, but its calls carry no derivative: the value is a draw */
double jitter(double v)
{
	double r = replaying ? drawn[draws % 64] : 0.01 * sin(1000.0 * v + draws);
	drawn[draws++ % 64] = r;
	return r;
}

int tick(void)
{
	return (int)(++draws % 3);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++) {
		double r = noise(x[i]) + jitter(x[i] * s);
		int k = tick();
		s += x[i] * x[i] * r + k * sin(x[i] * s);
	}
	return s * noise(s);
}
// No derivative of them is made or called:
// CHECK-NOT: {{(noise|jitter|tick)_(d|b|fwd|bwd)}}
// CHECK-LABEL: double f_d(
// CHECK: = noise(x[i]);
// CHECK: = jitter(x[i] * s);
// CHECK: = tick();
// OUT: noise calls per f, f_d, f_b, f_b_d: 5 5 5 5
// OUT: draws per f, f_d, f_b, f_b_d: 8 8 8 8
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define N 4
static unsigned noise_calls;
static double noise_drawn[64];

double noise(double scale)
{
	double r = replaying ? noise_drawn[noise_calls % 64]
			     : 0.5 + 0.1 * cos(noise_calls * 1.7 + scale);
	noise_drawn[noise_calls++ % 64] = r;
	return r;
}

/* every evaluation after the first replays the first one's draws */
static void replay(void)
{
	replaying = noise_calls > 0;
	noise_calls = 0;
	draws = 0;
}

static double x0[N] = {0.3, -0.7, 1.1, 0.4}, v[N] = {0.5, 0.25, -1.0, 2.0};

static double at(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = x0[i] + t * v[i];
	replay();
	return f(x, N);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	replay();
	f_b(x, g, n, 1.0);
}

int main(void)
{
	double xb[N] = {0}, xb2[N] = {0}, xbd[N] = {0}, hv[N], d, y[4];
	unsigned nc[4], dr[4];
	replay();
	y[0] = f(x0, N);
	nc[0] = noise_calls, dr[0] = draws;
	replay();
	y[1] = f_d(x0, v, N, &d);
	nc[1] = noise_calls, dr[1] = draws;
	replay();
	y[2] = f_b(x0, xb, N, 1.0);
	nc[2] = noise_calls, dr[2] = draws;
	replay();
	y[3] = f_b_d(x0, v, xb2, xbd, N, 1.0, 0.0);
	nc[3] = noise_calls, dr[3] = draws;
	printf("noise calls per f, f_d, f_b, f_b_d: %u %u %u %u\n", nc[0],
	       nc[1], nc[2], nc[3]);
	printf("draws per f, f_d, f_b, f_b_d: %u %u %u %u\n", dr[0], dr[1],
	       dr[2], dr[3]);
	for (int i = 1; i < 4; i++)
		ck_equal_bits("primal", y[i], y[0]);
	ck_close("dot product", ck_dot(xb, v, N), d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	ck_close_vec("f_b_d x_b", xb2, xb, N, 1e-12);
	ck_hvp_richardson(grad, NULL, x0, v, N, CK_FD_H, hv);
	ck_close_vec("H v", xbd, hv, N, CK_HVP_RTOL);
	return ck_done();
}
#endif
