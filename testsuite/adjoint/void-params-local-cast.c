// GSL style parameters: a helper takes its constants as void *params and
// reads them through a local pointer, double *p = (double *)params, in a
// loop (and steps it, p++).  f_bwd gets the pointer as its offset from
// the parameter: the offset counts doubles from (double *)params, where
// it was p - params and params + p (arithmetic on a void pointer, which
// did not compile).  Gradients, Hessian-vector products and the
// dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#define N 3

static double g(const double *x, int n, void *params)
{
	double *p = (double *)params;
	double s = 0;
	for (int i = 0; i < n; i++)
		s += p[0] * x[i] * sin(x[i]);
	return s;
}

static double h(const double *x, int n, void *params)
{
	double *p = (double *)params;
	double s = 0;
	for (int i = 0; i < n; i++) {
		s += p[0] * exp(0.5 * x[i]) * x[(i + 1) % n];
		p++;
	}
	return s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double par[1] = { 3.0 };
	double w[N] = { 0.5, -1.0, 2.0 };
	return g(x, N, par) + h(x, N, w);
}

// CHECK-LABEL: static double g_fwd(const double *x, int n, void *params){{$}}
// CHECK: ck_push_i(ck_t, (long)(p - (double *)params));
// CHECK-LABEL: static void g_bwd(
// CHECK: ((double *)params + p)[0]
// CHECK-LABEL: static double h_fwd(const double *x, int n, void *params){{$}}
// CHECK: ck_push_i(ck_t, (long)(p - (double *)params));

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("constants through void *params", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
