// A helper takes a struct by value whose floating member (v.w) its reverse
// sweep needs, and the caller passes a local struct.  f_bwd's copy of a
// local struct holds only its integer and pointer members, so the
// helper's reverse sweep must not read v.w again: it tapes it (ckc read
// it from the copy, as 0, and the gradient was wrong; found by the
// fuzzer's struct shapes, seed 7 kernel 24).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr -I%S > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include <math.h>

#include "Inputs/view.h"

static double h(const double *q, view v)
{
	double s = 0.0;
	for (int i = 0; i < v.n; i++)
		s += v.p[i] * sin(v.w * q[i]);
	return s;
}

#pragma ck_tangent wrt(x, a)
#pragma ck_adjoint wrt(x, a)
#pragma ck_hvp wrt(x, a)
double f(const double *x, double a)
{
	double w0[3] = { x[0] * a, x[1], sinh(x[2]) };
	view fv = { 3, w0, a * a };
	return h(x, fv) * x[0];
}
// CHECK-LABEL: static void h_bwd(const double *q, double *restrict q_b, view v, view *v_b, double ret_b){{$}}
// CHECK-NOT: v.w
// CHECK: {{^}$}}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 4

static const double *base, *dir;
static double along(double t, void *ctx)
{
	double v[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		v[i] = base[i] + t * dir[i];
	return f(v, v[3]);
}

static void grad(const double *v, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	f_b(v, g, v[3], &g[3], 1.0);
}

static double hvp(const double *v, const double *vd, double *gb, double *gbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return f_b_d(v, vd, gb, gbd, v[3], vd[3], &gb[3], &gbd[3], rb, qb);
}

int main(void)
{
	double v[N], d[N], u[N], g[N], td;
	for (int i = 0; i < N; i++) {
		v[i] = ck_rand();
		d[i] = ck_rand();
		u[i] = ck_rand();
	}
	ck_equal_bits("primal", f_d(v, d, v[3], d[3], &td), f(v, v[3]));
	base = v;
	dir = d;
	ck_close("f_d against differences", td,
		 ck_richardson(along, NULL, CK_FD_H), 1e-8);
	grad(v, g, N, NULL);
	ck_close("dot product", ck_dot(g, d, N), td, 1e-12);
	ck_check_hvp("f_b_d", hvp, grad, NULL, v, d, u, NULL, N, 0.5, 3.0);
	return ck_done();
}
#endif
