// A statement with one x++ (x--, ++x, --x) of an integer local inside it
// is the statement with x in its place, then x++ (++x: x++ first):
// buf[k++] = e, s += w[--m] * e, and a = i++ (the old value).  Each mention
// of the variable is that one, and the statement calls only a library
// function, so nothing C orders moves; or it calls functions of the file,
// which cannot see the variable (its address is never taken): also in a
// declaration's initializer, double y = g(x[0], t++), which was refused.
// Gradients, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 5

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double buf[2 * N], s = 0.0, a;
	int i, k = 0, m = N, c = 1;
	for (i = 0; i < N; i++) {
		buf[k++] = x[i] * x[i];
		buf[k++] = sin(x[i]);
	}
	for (i = 0; i < N; i++)
		s += buf[--m] * x[i];
	a = c++;
	return s * a + buf[c] + buf[2 * N - 1] * (double)k;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: buf[k] = x[i] * x[i];
// CHECK-NEXT: k++;
// CHECK: m--;
// CHECK-NEXT: s_d += buf_d[m] * x[i] + buf[m] * x_d[i];
// CHECK: a = c;
// CHECK-NEXT: c++;

static double g(double v, int t)
{
	return v * (0.5 * t + 1.0);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double decl_call(const double *x)
{
	int t = 1, u = 3;
	double y = g(x[0], t++);
	double z = g(x[u--], 2) * x[1];
	return y * t + z * u;
}
// CHECK-LABEL: double decl_call_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: double y = g_d(x[0], x_d[0], t, &y_d);
// CHECK-NEXT: t++;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)
KC_SCALAR_WRAPPERS_PLAIN_AS(kd, decl_call)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("x++ in a statement", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	kc_check_scalar("x++ in a declaration's call", kd, kd_d, kd_b, kd_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
