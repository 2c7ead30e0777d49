// A helper that changes an integer its caller passes by address, as a
// stack's push(buf, &len, v) or a cursor's next(x, &pos), and whose
// reverse sweep reads that integer: the helper's reverse sweep undoes its
// own changes through the pointer, which points to the caller's reverse
// copy of the integer, and the caller puts the integer back after the
// call.  Passed on to another helper too.  Gradients, Hessian-vector
// products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#define N 8

static void push(double *buf, int *len, double v)
{
	buf[(*len)++] = v;
}

static void push2(double *buf, int *len, double a, double b)
{
	push(buf, len, a * b);
	*len += 1;
	buf[*len - 1] = a - b;
}

static double next(const double *x, int *pos, int n)
{
	double v = x[*pos] * x[*pos];
	*pos = (*pos + 3) % n;
	return v;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double buf[3 * N];
	int len = 0, pos = 1;
	for (int i = 0; i < n; i++) {
		if (x[i] > 0.3)
			push(buf, &len, x[i] * x[i]);
		push2(buf, &len, next(x, &pos, n), x[i]);
	}
	double s = 0.0;
	for (int i = 0; i < len; i++)
		s += buf[i] * (i + 1);
	return s + x[pos] * x[len % n];
}
// CHECK-LABEL: static void push_bwd(double *restrict buf_b, int *len, double v, double *v_b){{$}}
// CHECK-NEXT: {
// CHECK-NEXT: (void)v;
// CHECK-NEXT: (*len)--;
// CHECK-LABEL: static void push2_bwd(

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
static int nn = N;
KC_SCALAR_WRAPPERS(f, nn)
int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("integers changed by helpers", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
