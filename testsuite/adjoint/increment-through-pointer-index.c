// `buf[(*len)++] = v`: an increment of the integer a pointer points to,
// inside an index, becomes a statement of its own after the store, as
// `buf[len++] = v` does.  In f the pointer always points to the local
// count, whose updates the reverse sweep undoes; the tangent also goes
// through a helper that appends through its parameter.  Gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#define N 8

static void push(double *buf, int *len, double v)
{
	buf[(*len)++] = v;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double buf[2 * N];
	int len = 0;
	int *top = &len;
	for (int i = 0; i < n; i++) {
		if (x[i] > 0.3)
			buf[(*top)++] = x[i] * x[i];
		buf[(*top)++] = x[i] * x[(i + 1) % n];
	}
	double s = 0.0;
	for (int i = 0; i < len; i++)
		s += buf[i] * (i + 1);
	return s;
}

#pragma ck_tangent wrt(x)
double g(const double *x, int n)
{
	double buf[N];
	int len = 0;
	for (int i = 0; i < n; i++)
		if (x[i] > 0.3)
			push(buf, &len, x[i] * x[i]);
	double s = 0.0;
	for (int i = 0; i < len; i++)
		s += buf[i] * (i + 1);
	return s;
}
// CHECK-LABEL: static void push_d(double *buf, double *buf_d, int *len, double v, double v_d){{$}}
// CHECK-NEXT: {
// CHECK-NEXT: buf_d[*len] = v_d;
// CHECK-NEXT: buf[*len] = v;
// CHECK-NEXT: (*len)++;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
static int nn = N;
KC_SCALAR_WRAPPERS(f, nn)
int main(void)
{
	double v[N], vd[N], d, d2 = 0.0;
	for (int i = 0; i < N; i++) {
		v[i] = ck_rand();
		vd[i] = ck_rand();
	}
	kc_check_scalar("(*top)++ in an index", kf, kf_d, kf_b, kf_b_d, NULL,
			v, NULL, N, 3);
	/* g: its tangent against f_d's sum written out */
	ck_equal_bits("g_d's primal", g_d(v, vd, N, &d), g(v, N));
	for (int i = 0, k = 0; i < N; i++)
		if (v[i] > 0.3)
			d2 += 2.0 * v[i] * vd[i] * ++k;
	ck_close("g_d", d, d2, 1e-13);
	return ck_done();
}
#endif
