// A ?: of pointers as a helper's argument: g(c ? x : y) reads x's or y's
// data, and a time loop passes its two buffers to a step in turn,
// step(c ? v : u, c ? u : v, n), which writes the second.  Each ?: makes
// the data it may point into one set, so the argument is active when any
// of it is (g's derivative reached y only when the ?: named it first),
// the data is written for both buffers (f_d declared v_d const and did
// not compile), and the reverse sweep does not take the two adjoints for
// distinct data (no restrict on step_bwd's).  Tangent, gradient,
// Hessian-vector products and the dot-product test against differences,
// for c = 0 and 1.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 6

static double g(const double *a)
{
	return a[0] * sin(a[1]);
}

static void step(const double *a, double *b, int n)
{
	for (int i = 1; i < n - 1; i++)
		b[i] = a[i] + 0.1 * (a[i - 1] - 2 * a[i] + a[i + 1]) * a[i];
	b[0] = a[0];
	b[n - 1] = a[n - 1];
}

#pragma ck_tangent wrt(x, y)
#pragma ck_adjoint wrt(x, y)
#pragma ck_hvp wrt(x, y)
double f(const double *x, const double *y, int c)
{
	return g(c ? x : y) * y[0] + g(c ? y : x);
}

#pragma ck_tangent wrt(u) out(u, v)
#pragma ck_adjoint wrt(u) out(u, v)
#pragma ck_hvp wrt(u) out(u, v)
void h(double *u, double *v, int n, int steps)
{
	int c = 0;
	for (int t = 0; t < steps; t++) {
		step(c ? v : u, c ? u : v, n);
		c = !c;
	}
}
// CHECK-LABEL: void h_d(double *u, double *u_d, double *v, double *v_d, int n, int steps){{$}}
// CHECK-LABEL: static void step_bwd(double *a_b, double *b_b, int n){{$}}

#ifdef CK_TEST_MAIN
#include <string.h>

#include "kernelcheck.h"

static int cc;
/* f of v = (x, y) */
static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return f(v, v + 2, cc);
}
static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return f_d(v, vd, v + 2, vd + 2, cc, dot);
}
static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return f_b(v, vb, v + 2, vb + 2, cc, rb);
}
static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	(void)ctx;
	(void)nv;
	return f_b_d(v, vd, vb, vbd, v + 2, vd + 2, vb + 2, vbd + 2, cc, rb,
		     rbd);
}

/* h's final u and v, weighted: a scalar of u's start */
static const double wu[N] = {0.5, -0.25, 1.0, 0.75, -0.5, 0.25};
static const double wv[N] = {0.3, 0.6, -0.9, 0.2, 0.4, -0.1};
#define STEPS 5
static double kh(const double *v, void *ctx)
{
	double u[N], w[N] = {0};
	(void)ctx;
	memcpy(u, v, sizeof u);
	h(u, w, N, STEPS);
	double s = 0.0;
	for (int i = 0; i < N; i++)
		s += wu[i] * u[i] * u[i] + wv[i] * w[i];
	return s;
}
static double kh_d(const double *v, const double *vd, double *dot, void *ctx)
{
	double u[N], ud[N], w[N] = {0}, wd[N] = {0};
	(void)ctx;
	memcpy(u, v, sizeof u);
	memcpy(ud, vd, sizeof ud);
	h_d(u, ud, w, wd, N, STEPS);
	double s = 0.0;
	*dot = 0.0;
	for (int i = 0; i < N; i++) {
		s += wu[i] * u[i] * u[i] + wv[i] * w[i];
		*dot += 2.0 * wu[i] * u[i] * ud[i] + wv[i] * wd[i];
	}
	return s;
}
static double kh_b(const double *v, double *vb, double rb, void *ctx)
{
	double u[N], w[N] = {0}, u2[N], ub[N], wb[N];
	(void)ctx;
	memcpy(u, v, sizeof u);
	h(u, w, N, STEPS);
	double s = 0.0;
	for (int i = 0; i < N; i++) {
		s += wu[i] * u[i] * u[i] + wv[i] * w[i];
		ub[i] = rb * 2.0 * wu[i] * u[i];
		wb[i] = rb * wv[i];
	}
	memcpy(u2, v, sizeof u2);
	memset(w, 0, sizeof w);
	h_b(u2, ub, w, wb, N, STEPS);
	for (int i = 0; i < N; i++)
		vb[i] += ub[i];
	return s;
}

int main(void)
{
	volatile double one = 1.0;
	double v[4] = {0.3 * one, -0.7 * one, 1.1 * one, 0.8 * one};
	for (cc = 0; cc < 2; cc++)
		kc_check_scalar(cc ? "g(c ? x : y), c = 1" : "g(c ? x : y), c = 0",
				kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, 4, 3);
	double u0[N] = {0.2 * one, 0.5 * one, -0.3 * one,
			0.7 * one, 0.1 * one, -0.4 * one};
	kc_check_scalar("step(c ? v : u, c ? u : v)", kh, kh_d, kh_b, NULL,
			NULL, u0, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
