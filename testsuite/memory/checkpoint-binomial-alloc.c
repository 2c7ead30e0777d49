// A binomial(K) loop whose body mallocs, uses and frees a buffer each
// step, over a state in a malloc'd buffer from before the loop (saved by
// save()): untaped steps free their buffers as f does, the taped step
// keeps its buffer for its reverse, which frees it; Revolve's schedule is
// unchanged.  f_b and f_b_d bitwise those of ckc --no-checkpoint, against
// differences, dot product, H v symmetry, with Revolve's optimum of extra
// steps; leak-free under ASan.
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %s -o %t/ck_grad.c
// RUN: FileCheck %s --input-file %t/ck_grad.c
// RUN: %ckc --no-checkpoint -Df=f_plain %s -o %t/plain_grad.c
// RUN: %ckc-run %t/ck_grad.c %s %t/run -I%t %t/plain_grad.c | FileCheck %s --check-prefix=OUT

#include <math.h>
#include <stdlib.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n, int steps)
{
	double r = 0;
	double *u = malloc(n * sizeof *u);
	for (int i = 0; i < n; i++)
		u[i] = x[i];
#pragma ck_checkpoint binomial(2) save(u[0:n])
	for (int s = 0; s < steps; s++) {
		double *t = calloc(n, sizeof *t);
		for (int i = 0; i < n; i++)
			t[i] = sin(u[i]) * u[(i + 1) % n];
		for (int i = 0; i < n; i++)
			u[i] = 0.5 * t[i] + 0.25 * x[i] * u[i];
		free(t);
	}
	for (int i = 0; i < n; i++)
		r += u[i] * x[i];
	free(u);
	return r;
}
// CHECK-LABEL: static double f_fwd({{.*}}){{$}}
// CHECK: ck_revolve_new(
// CHECK: free(t);
// CHECK-NEXT: }
// CHECK-NEXT: t = 0;
// CHECK-NEXT: t_bytes = 0;
// CHECK-LABEL: static void f_bwd({{.*}}){{$}}
// CHECK: t = calloc(n, {{.*}});
// CHECK: ck_shadow_free(t_b);
// CHECK-NEXT: t_b = ck_shadow_alloc(t_bytes);
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
#include "ckrt.h"
#include "plain_grad.h"

#define N 4
#define STEPS 6

static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return f(v, N, STEPS);
}

static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return f_d(v, vd, N, STEPS, dot);
}

static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return f_b(v, vb, N, STEPS, rb);
}

static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return f_b_d(v, vd, vb, vbd, N, STEPS, rb, rbd);
}

int main(void)
{
	double v[N], d[N];
	double g[N] = {0}, gp[N] = {0}, h[N] = {0}, hp[N] = {0};
	double g2[N] = {0}, gp2[N] = {0};
	ck_stats st;
	for (int i = 0; i < N; i++) {
		v[i] = ck_rand();
		d[i] = ck_rand();
	}
	kc_check_scalar("f", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 3);
	ck_stats_reset();
	ck_equal_bits("f_b's result", f_b(v, g, N, STEPS, 1.0),
		      f_plain_b(v, gp, N, STEPS, 1.0));
	ck_stats_get(&st);
	/* 6 steps, 2 snapshots: t = 2 (C(4, 2) = 6 >= 6), 2*6 - C(4, 1) = 8 */
	ck_check("Revolve's 8 extra steps", st.recomputations == 8);
	f_b_d(v, d, g2, h, N, STEPS, 1.0, 0.5);
	f_plain_b_d(v, d, gp2, hp, N, STEPS, 1.0, 0.5);
	for (int i = 0; i < N; i++) {
		ck_equal_bits("f_b bitwise --no-checkpoint's", g[i], gp[i]);
		ck_equal_bits("f_b_d's x_b bitwise", g2[i], gp2[i]);
		ck_equal_bits("f_b_d's x_bd bitwise", h[i], hp[i]);
	}
	return ck_done();
}
#endif
