// A buffer grown one element at a time from NULL by realloc in a loop, as
// a growable array is: every step's realloc keeps the old buffer for the
// reverse sweep, which moves the adjoints back buffer by buffer.  f_d,
// f_b and f_b_d against differences, dot product, H v symmetry;
// leak-free under ASan.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT

#include <math.h>
#include <stdlib.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double *t = NULL;
	int len = 0;
	double r = 0;
	for (int i = 0; i < n; i++) {
		t = realloc(t, (len + 1) * sizeof *t);
		t[len] = exp(x[i]) * (len + 1);
		len++;
	}
	for (int i = 0; i < len; i++)
		r += t[i] * t[len - 1 - i] * x[i];
	free(t);
	return r;
}
// CHECK-LABEL: double f_d({{.*}}){{$}}
// CHECK: double *t_d = (void *)0;
// CHECK: t_d = ck_shadow_realloc(t_d, (len + 1) * {{.*}});
// CHECK-LABEL: static double f_fwd({{.*}}){{$}}
// CHECK: t = (void *)0;
// CHECK-NEXT: t_bytes = 0;
// CHECK: t = ck_fwd_realloc(t, t_bytes, (len + 1) * {{.*}});
// CHECK-LABEL: static void f_bwd({{.*}}){{$}}
// CHECK: t_b = ck_shadow_unrealloc(t_b, t_bytes);
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

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
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("f", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
