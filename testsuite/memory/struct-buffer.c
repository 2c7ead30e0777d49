// A malloc'd buffer of structs with floating members only: its shadow is
// a zeroed buffer of the same structs, in f_d, f_b and f_b_d; against
// differences, dot product, H v symmetry; leak-free under ASan.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S | FileCheck %s --check-prefix=OUT

#include <math.h>
#include <stdlib.h>

#include "Inputs/pair.h"

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	pair *s = malloc(n * sizeof *s);
	double r = 0;
	for (int i = 0; i < n; i++) {
		s[i].a = x[i] * x[i];
		s[i].b = sin(x[i]);
	}
	for (int i = 0; i < n; i++)
		r += s[i].a * s[(i + 1) % n].b;
	free(s);
	return r;
}
// CHECK-LABEL: double f_d({{.*}}){{$}}
// CHECK: pair *s_d = ck_shadow_alloc(n * {{.*}});
// CHECK-LABEL: static void f_bwd({{.*}}){{$}}
// CHECK: s_b = ck_shadow_alloc(s_bytes);
// CHECK: s_b[{{.*}}].b +=
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
