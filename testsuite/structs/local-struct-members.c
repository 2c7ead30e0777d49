// A local struct used only through its members (t.n, t.v[i]), whose
// integer or pointer members a statement sets, or whose initializer
// mallocs, becomes one variable per member (t_n, t_v) in every mode, so
// that the reverse mode follows them as it follows plain locals: a
// workspace struct holding a malloc'd buffer (set by the initializer or
// by statements, cleared by memset, freed), and an integer member changed
// after the struct is first used.  Gradients, Hessian-vector products and
// the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define N 5

typedef struct {
	int n;
	double *v;
	double scale;
} work;

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double init(const double *x, int n)
{
	work t = { .v = malloc(n * sizeof(double)), .n = n };
	memset(t.v, 0, n * sizeof(double));
	for (int i = 0; i < t.n; i++)
		t.v[i] += x[i] * x[(i + 1) % n];
	double s = 0;
	for (int i = 0; i < t.n; i++)
		s += sqrt(t.v[i] + 1) * t.scale + t.v[i];
	free(t.v);
	return s;
}
// CHECK-LABEL: double init_d(const double *x, const double *x_d, int n, double *ret_d){{$}}
// CHECK: t_v_d = ck_shadow_alloc(n * 8UL);
// CHECK-NEXT: t_v = malloc(n * 8UL);
// CHECK-NEXT: t_n = n;
// CHECK-NEXT: t_scale = 0.0;

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double stmts(const double *x, int n)
{
	work t;
	t.n = n;
	t.scale = x[0];
	t.v = malloc(t.n * sizeof *t.v);
	for (int i = 0; i < t.n; i++)
		t.v[i] = sin(x[i]) * t.scale;
	t.n--;
	double s = 0;
	for (int i = 0; i < t.n; i++)
		s += t.v[i] * t.v[i + 1];
	free(t.v);
	return s;
}
// CHECK-LABEL: static double stmts_fwd(const double *x, int n){{$}}
// CHECK: t_v = malloc(t_n * 8UL);
// CHECK: t_n--;

struct item {
	double a;
	int n;
};

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double count(const double *x, int k)
{
	struct item p = { 1.0, 2 };
	p.a *= x[0];
	p.n = k;
	return p.a * p.n + x[1] * p.a;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_AS(ki, init, N)
KC_SCALAR_WRAPPERS_AS(ks, stmts, N)
KC_SCALAR_WRAPPERS_AS(kc, count, 3)
int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = 0.5 + 0.5 * ck_rand();
	kc_check_scalar("workspace from the initializer", ki, ki_d, ki_b,
			ki_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("workspace from statements", ks, ks_d, ks_b, ks_b_d,
			NULL, v, NULL, N, 3);
	kc_check_scalar("integer member changed", kc, kc_d, kc_b, kc_b_d, NULL,
			v, NULL, 2, 3);
	return ck_done();
}
#endif
