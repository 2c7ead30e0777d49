// A local function-pointer variable that its declaration sets to a
// function for good (nothing assigns it after, nor takes its address)
// names that function: calls through it, act(t) and (*act)(t), call the
// function by name, and it may be passed on to a function-pointer
// parameter (which ckc copies per function, adjoint/function-pointer.c),
// also when set from another such variable, &f, or a math.h function.
// Its declaration is dropped.  Gradients, Hessian-vector products and the
// dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 4

typedef double (*act_fn)(double);

static double leaky(double t)
{
	return t > 0 ? t : 0.01 * t;
}

static double soft(double t)
{
	return log1p(exp(t));
}

static double layer(act_fn g, const double *w, const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += g(w[i] * x[i]);
	return s;
}

static const double xs[N] = {0.5, -1.0, 1.5, 0.25};

#pragma ck_tangent wrt(w)
#pragma ck_adjoint wrt(w)
#pragma ck_hvp wrt(w)
double f(const double *w)
{
	act_fn act = leaky;
	double (*smooth)(double) = &soft;
	act_fn again = smooth, squash = tanh;
	double s = layer(act, w, xs, N) + layer(again, w, xs, N);
	for (int i = 0; i < N; i++)
		s += act(w[i]) * (*smooth)(w[(i + 1) % N]) + squash(w[i]);
	return s * s;
}
// CHECK-LABEL: double f_d(const double *w, const double *w_d, double *ret_d){{$}}
// CHECK-NOT: act
// CHECK: layer_leaky_d(w, w_d, xs, 4, &
// CHECK: layer_soft_d(w, w_d, xs, 4, &
// CHECK: leaky_d(w[i], w_d[i], &
// CHECK: soft_d(w[(i + 1) % 4], w_d[(i + 1) % 4], &
// CHECK: tanh(w[i])
// CHECK-LABEL: double f_b(

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8};
	kc_check_scalar("local function-pointer variables", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
