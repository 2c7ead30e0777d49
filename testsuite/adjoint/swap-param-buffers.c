// Double buffering over two pointer parameters, as a solver that takes
// its work array from the caller writes it: double *cur = u, *nxt = v,
// *tmp; each step writes nxt from cur (directly, or through a helper,
// step(cur, nxt, n)), then swaps them, and the result is copied back into
// u when it ended in v (if (cur != u) ...).  The pointers become ints
// that say which buffer (ck_cur), each use the choice (ck_cur ? v : u),
// and the two parameters' data one activity set.  ckc refused these
// ("'cur' may point into different arrays").  h runs the steps under
// binomial(2) with save() of both buffers; w writes through one pointer
// that a ?: sets to either (refused before too).  Tangent, gradient,
// Hessian-vector products and the dot-product test against differences;
// h's gradient and HVP bitwise those of ckc --no-checkpoint.
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %s -o %t/ck_grad.c
// RUN: FileCheck %s --input-file %t/ck_grad.c
// RUN: %ckc --no-checkpoint -Dh=h_plain -Df=f_plain -Dg=g_plain -Dw=w_plain %s -o %t/plain_grad.c
// RUN: %ckc-run %t/ck_grad.c %s %t/run -I%t %t/plain_grad.c > %t/out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t/out
#include <math.h>

#define N 6

static void step(const double *a, double *b, int n)
{
	for (int i = 1; i < n - 1; i++)
		b[i] = a[i] + 0.1 * (a[i - 1] - 2 * a[i] + a[i + 1]) * a[i];
	b[0] = a[0];
	b[n - 1] = a[n - 1];
}

#pragma ck_tangent wrt(u) out(u, v)
#pragma ck_adjoint wrt(u) out(u, v)
#pragma ck_hvp wrt(u) out(u, v)
void f(double *u, double *v, int n, int steps)
{
	double *cur = u, *nxt = v, *tmp;
	for (int t = 0; t < steps; t++) {
		for (int i = 1; i < n - 1; i++)
			nxt[i] = cur[i] +
				 0.1 * (cur[i - 1] - 2 * cur[i] + cur[i + 1]) *
					 sin(cur[i]);
		nxt[0] = cur[0];
		nxt[n - 1] = cur[n - 1];
		tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
	if (cur != u)
		for (int i = 0; i < n; i++)
			u[i] = cur[i];
}

#pragma ck_tangent wrt(u) out(u, v)
#pragma ck_adjoint wrt(u) out(u, v)
#pragma ck_hvp wrt(u) out(u, v)
void g(double *u, double *v, int n, int steps)
{
	double *cur = u, *nxt = v;
	for (int t = 0; t < steps; t++) {
		step(cur, nxt, n);
		double *tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
}

#pragma ck_tangent wrt(u) out(u, v)
#pragma ck_adjoint wrt(u) out(u, v)
#pragma ck_hvp wrt(u) out(u, v)
void h(double *u, double *v, int n, int steps)
{
	double *cur = u, *nxt = v, *tmp;
	int t;
#pragma ck_checkpoint binomial(2) save(u[0:n], v[0:n])
	for (t = 0; t < steps; t++) {
		step(cur, nxt, n);
		tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
}
/* one pointer set to either parameter by a ?: and written through (a
 * choice only read through needs no out(); adjoint/pointer-select.c) */
#pragma ck_tangent wrt(u) out(u, v)
#pragma ck_adjoint wrt(u) out(u, v)
#pragma ck_hvp wrt(u) out(u, v)
void w(double *u, double *v, int n, int which)
{
	double *p = which % 2 ? v : u;
	for (int i = 0; i < n; i++)
		p[i] = u[i] * sin(p[i] + 0.5);
	p[0] *= 2.0;
}
// CHECK-LABEL: void f_d(double *u, double *u_d, double *v, double *v_d, int n, int steps){{$}}
// CHECK: int ck_cur = 0;
// CHECK: (ck_nxt ? v : u)[i] =

#ifdef CK_TEST_MAIN
#include <string.h>

#include "kernelcheck.h"
#include "plain_grad.h"

#define STEPS 5

typedef void (*fn)(double *, double *, int, int);
typedef void (*fn_d)(double *, double *, double *, double *, int, int);
typedef void (*fn_b)(double *, double *, double *, double *, int, int);
typedef void (*fn_b_d)(double *, double *, double *, double *, double *,
		       double *, double *, double *, int, int);
typedef struct {
	fn f;
	fn_d d;
	fn_b b;
	fn_b_d bd;
} kernel;

/* the kernel being checked (the callbacks' ctx is kernelcheck's own) */
static const kernel *kk;

/* the weights of the final u and v in the scalar checked */
static const double wu[N] = { 0.5, -0.25, 1.0, 0.75, -0.5, 0.25 };
static const double wv[N] = { 0.3, 0.6, -0.9, 0.2, 0.4, -0.1 };

static double kf(const double *x, void *ctx)
{
	const kernel *k = kk;
	(void)ctx;
	double u[N], v[N] = { 0 }, s = 0.0;
	memcpy(u, x, sizeof u);
	k->f(u, v, N, STEPS);
	for (int i = 0; i < N; i++)
		s += wu[i] * u[i] * u[i] + wv[i] * v[i];
	return s;
}

static double kf_d(const double *x, const double *xd, double *dot, void *ctx)
{
	const kernel *k = kk;
	(void)ctx;
	double u[N], ud[N], v[N] = { 0 }, vd[N] = { 0 }, s = 0.0;
	memcpy(u, x, sizeof u);
	memcpy(ud, xd, sizeof ud);
	k->d(u, ud, v, vd, N, STEPS);
	*dot = 0.0;
	for (int i = 0; i < N; i++) {
		s += wu[i] * u[i] * u[i] + wv[i] * v[i];
		*dot += 2.0 * wu[i] * u[i] * ud[i] + wv[i] * vd[i];
	}
	return s;
}

static double kf_b(const double *x, double *xb, double rb, void *ctx)
{
	const kernel *k = kk;
	(void)ctx;
	double s = kf(x, ctx), u[N], v[N] = { 0 }, uf[N], vf[N] = { 0 };
	double ub[N], vb[N];
	memcpy(uf, x, sizeof uf);
	k->f(uf, vf, N, STEPS);
	for (int i = 0; i < N; i++) {
		ub[i] = rb * 2.0 * wu[i] * uf[i];
		vb[i] = rb * wv[i];
	}
	memcpy(u, x, sizeof u);
	k->b(u, ub, v, vb, N, STEPS);
	for (int i = 0; i < N; i++)
		xb[i] += ub[i];
	return s;
}

static double kf_b_d(const double *x, const double *xd, double *xb,
		     double *xbd, double rb, double rbd, int nv, void *ctx)
{
	const kernel *k = kk;
	(void)ctx;
	double s = kf(x, ctx), uf[N], vf[N] = { 0 }, ufd[N], vfd[N] = { 0 };
	double u[N], ud[N], v[N] = { 0 }, vd[N] = { 0 };
	double ub[N], ubd[N], vb[N], vbd[N];
	(void)nv;
	memcpy(uf, x, sizeof uf);
	memcpy(ufd, xd, sizeof ufd);
	k->d(uf, ufd, vf, vfd, N, STEPS);
	for (int i = 0; i < N; i++) {
		ub[i] = rb * 2.0 * wu[i] * uf[i];
		ubd[i] = rbd * 2.0 * wu[i] * uf[i] + rb * 2.0 * wu[i] * ufd[i];
		vb[i] = rb * wv[i];
		vbd[i] = rbd * wv[i];
	}
	memcpy(u, x, sizeof u);
	memcpy(ud, xd, sizeof ud);
	k->bd(u, ud, ub, ubd, v, vd, vb, vbd, N, STEPS);
	for (int i = 0; i < N; i++) {
		xb[i] += ub[i];
		xbd[i] += ubd[i];
	}
	return s;
}

int main(void)
{
	volatile double one = 1.0;
	double x[N] = { 0.2 * one, 0.5 * one, -0.3 * one,
			0.7 * one, 0.1 * one, -0.4 * one };
	kernel k[4] = { { f, f_d, f_b, f_b_d }, { g, g_d, g_b, g_b_d },
			{ h, h_d, h_b, h_b_d }, { w, w_d, w_b, w_b_d } };
	const char *name[4] = { "swapped buffers", "swapped buffers, step()",
				"swapped buffers, binomial(2)",
				"a pointer to either, written" };
	for (int j = 0; j < 4; j++) {
		kk = &k[j];
		kc_check_scalar(name[j], kf, kf_d, kf_b, kf_b_d, NULL, x, NULL,
				N, 3);
	}
	/* h bitwise its --no-checkpoint twin */
	double u1[N], v1[N] = { 0 }, b1[N], w1[N], u2[N], v2[N] = { 0 },
			      b2[N], w2[N];
	memcpy(u1, x, sizeof u1);
	memcpy(u2, x, sizeof u2);
	for (int i = 0; i < N; i++) {
		b1[i] = b2[i] = wu[i];
		w1[i] = w2[i] = wv[i];
	}
	h_b(u1, b1, v1, w1, N, STEPS);
	h_plain_b(u2, b2, v2, w2, N, STEPS);
	for (int i = 0; i < N; i++)
		ck_equal_bits("h_b bitwise --no-checkpoint's", b1[i], b2[i]);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
