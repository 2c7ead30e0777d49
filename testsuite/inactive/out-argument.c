// A ck_inactive function that writes into buffers (rng_fill) fills them
// with constants.  The values it writes change from one iteration to the
// next, so the reverse sweep cannot read them again at its end: f_fwd
// tapes what the adjoint needs of them, for a local array and for a
// passive pointer parameter alike (buf[i % 3], and for w[i] the value of
// cos(s + w[i]) that the partial of sin needs).  Gradient against differences (with the
// draws replayed) and against the tangent; f_b_d's H v against
// differences of gradients.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
#include <math.h>

void rng_fill(double *buf, int n);
#pragma ck_inactive rng_fill

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, double *w, int n)
{
	double s = 0.0, buf[3];
	for (int i = 0; i < n; i++) {
		rng_fill(buf, 3);
		rng_fill(w, n);
		s += x[i] * buf[i % 3] * sin(s + w[i]);
	}
	return s;
}
// CHECK-LABEL: static double f_fwd(const double *x, double *w, int n){{$}}
// CHECK: rng_fill(buf, 3);
// CHECK-NEXT: rng_fill(w, n);
// CHECK-NEXT: [[C:ck_e[0-9]*]] = cos(s + w[i]);
// CHECK-NEXT: [[E:ck_e[0-9]*]] = sin(s + w[i]);
// CHECK-DAG: ck_p{{[0-9]*}}[{{[0-9]}}] = buf[i % 3];
// CHECK-DAG: ck_p{{[0-9]*}}[{{[0-9]}}] = [[C]];
// CHECK: s += x[i] * buf[i % 3] * [[E]];
// OUT: fills per f, f_d, f_b, f_b_d: 8 8 8 8
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define N 4
static unsigned fills, draws;
static int replaying;
static double drawn[256];

void rng_fill(double *buf, int n)
{
	fills++;
	for (int i = 0; i < n; i++, draws++) {
		if (!replaying)
			drawn[draws % 256] = 0.5 + ck_rand();
		buf[i] = drawn[draws % 256];
	}
}

static void replay(void)
{
	replaying = fills > 0;
	fills = draws = 0;
}

static double x0[N] = {0.3, -0.7, 1.1, 0.4}, v[N] = {0.5, 0.25, -1.0, 2.0};
static double w[N];

static double at(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = x0[i] + t * v[i];
	replay();
	return f(x, w, N);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	replay();
	f_b(x, g, w, n, 1.0);
}

int main(void)
{
	double xb[N] = {0}, xb2[N] = {0}, xbd[N] = {0}, hv[N], d, y[4];
	unsigned nf[4];
	replay();
	y[0] = f(x0, w, N);
	nf[0] = fills;
	replay();
	y[1] = f_d(x0, v, w, N, &d);
	nf[1] = fills;
	replay();
	y[2] = f_b(x0, xb, w, N, 1.0);
	nf[2] = fills;
	replay();
	y[3] = f_b_d(x0, v, xb2, xbd, w, N, 1.0, 0.0);
	nf[3] = fills;
	printf("fills per f, f_d, f_b, f_b_d: %u %u %u %u\n", nf[0], nf[1],
	       nf[2], nf[3]);
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
