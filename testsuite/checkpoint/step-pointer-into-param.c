// A pointer that a binomial loop's body declares into a parameter's data
// (double *p = x + t % 2): f_fwd tapes it as an offset from x at its
// declaration, also at the first step, before anything set it, and f_fwd
// starts it at x, not null (an offset from null, then x plus it in f_bwd,
// is undefined behaviour that UBSan reports).  The snapshots leave it out:
// each step sets it before reading it.  f_b and f_b_d are bit for bit
// those of ckc --no-checkpoint; gradients, Hessian-vector products and the
// dot-product test against differences, built with the sanitizers.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s < %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#define N 6

// CHECK-LABEL: static double f_fwd(double *x){{$}}
// CHECK: double *p = x;
// CHECK-NOT: CK_SAVE(ck_sn, p)
// CHECK-NOT: ck_off
// CHECK: ck_push_i(ck_t, (long)(p - x));
// CHECK-NEXT: p = x + t % 2;
// CHECK-LABEL: static double f_fwd_d(double *x, double *x_d){{$}}
// CHECK: double *p_d = x_d;
// CHECK-NEXT: double *p = x;

#pragma ck_tangent wrt(x) out(x)
#pragma ck_adjoint wrt(x) out(x)
#pragma ck_hvp wrt(x) out(x)
double f(double *x)
{
	double s = 0.0;
	int t, i;
#pragma ck_checkpoint binomial(3) save(x[0:N])
	for (t = 0; t < 9; t++) {
		double *p = x + t % 2;
		for (i = 0; i < N - 1; i++)
			p[i] = p[i] * 0.9 + 0.1 * sin(p[i]);
		s += p[0] * p[0];
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include <string.h>
#include "kernelcheck.h"

/* f changes x: each wrapper runs it on a copy of v, with no seed on the
 * final x (x_b and x_bd zero on entry) */
static double kf(const double *v, void *ctx)
{
	double x[N];
	(void)ctx;
	memcpy(x, v, sizeof x);
	return f(x);
}
static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	double x[N], xd[N];
	(void)ctx;
	memcpy(x, v, sizeof x);
	memcpy(xd, vd, sizeof xd);
	return f_d(x, xd, dot);
}
static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	double x[N], xb[N] = {0};
	(void)ctx;
	memcpy(x, v, sizeof x);
	double r = f_b(x, xb, rb);
	for (int i = 0; i < N; i++)
		vb[i] += xb[i];
	return r;
}
static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	double x[N], xd[N], xb[N] = {0}, xbd[N] = {0};
	(void)ctx;
	(void)nv;
	memcpy(x, v, sizeof x);
	memcpy(xd, vd, sizeof xd);
	double r = f_b_d(x, xd, xb, xbd, rb, rbd);
	for (int i = 0; i < N; i++) {
		vb[i] += xb[i];
		vbd[i] += xbd[i];
	}
	return r;
}

int main(void)
{
	double v[N] = {0.3, 0.5, -0.2, 0.7, 0.1, 0.4}, g[N] = {0};
	double gb[N] = {0}, hv[N] = {0}, d[N];
	for (int i = 0; i < N; i++)
		d[i] = 1.0 - 0.25 * i;
	kf_b(v, g, 1.0, NULL);
	kf_b_d(v, d, gb, hv, 1.0, 0.0, N, NULL);
	for (int i = 0; i < N; i++)
		printf("derivatives %d %a %a %a\n", i, g[i], gb[i], hv[i]);
	kc_check_scalar("a pointer into x declared in a binomial step", kf, kf_d,
			kf_b, kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
