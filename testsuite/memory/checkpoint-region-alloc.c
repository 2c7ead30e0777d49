// A ck_checkpoint region that mallocs, uses and frees its own buffer, and
// updates a malloc'd buffer from before it (saved by save()): f_fwd runs
// the region as f does (its buffer really freed), f_bwd recomputes it
// with its own buffer and reverses it.  f_b and f_b_d bitwise those of
// ckc --no-checkpoint, against differences, dot product, H v symmetry;
// leak-free under ASan.
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
double f(const double *x, int n)
{
	double r = 0;
	double *u = malloc(n * sizeof *u);
	for (int i = 0; i < n; i++)
		u[i] = x[i];
#pragma ck_checkpoint save(u[0:n])
	{
		double *t = malloc(n * sizeof *t);
		for (int i = 0; i < n; i++)
			t[i] = sin(u[i]) * u[(i + 1) % n];
		for (int i = 0; i < n; i++)
			u[i] = t[i] * t[i] + x[i];
		free(t);
	}
	for (int i = 0; i < n; i++)
		r += u[i] * x[i];
	free(u);
	return r;
}
// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: CK_SAVE_N(ck_s, u + 0, n);
// CHECK: t = malloc(n * {{.*}});
// CHECK: free(t);
// CHECK-NEXT: }
// CHECK-NEXT: t = 0;
// CHECK-LABEL: static void f_bwd({{.*}}){{$}}
// CHECK: ck_stats_add_recomputations(1);
// CHECK: t = malloc(n * {{.*}});
// CHECK: ck_shadow_free(t_b);
// CHECK-NEXT: t_b = ck_shadow_alloc(t_bytes);
// CHECK-NEXT: ck_tape_note_peak(ck_t);
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
#include "plain_grad.h"

#define N 5

static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return f(v, N);
}

static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return f_d(v, vd, N, dot);
}

static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return f_b(v, vb, N, rb);
}

static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return f_b_d(v, vd, vb, vbd, N, rb, rbd);
}

int main(void)
{
	double v[N], d[N];
	double g[N] = {0}, gp[N] = {0}, h[N] = {0}, hp[N] = {0};
	double g2[N] = {0}, gp2[N] = {0};
	for (int i = 0; i < N; i++) {
		v[i] = ck_rand();
		d[i] = ck_rand();
	}
	kc_check_scalar("f", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 3);
	ck_equal_bits("f_b's result", f_b(v, g, N, 1.0),
		      f_plain_b(v, gp, N, 1.0));
	f_b_d(v, d, g2, h, N, 1.0, 0.5);
	f_plain_b_d(v, d, gp2, hp, N, 1.0, 0.5);
	for (int i = 0; i < N; i++) {
		ck_equal_bits("f_b bitwise --no-checkpoint's", g[i], gp[i]);
		ck_equal_bits("f_b_d's x_b bitwise", g2[i], gp2[i]);
		ck_equal_bits("f_b_d's x_bd bitwise", h[i], hp[i]);
	}
	return ck_done();
}
#endif
