// memcpy and memset on arrays of double (or float) become the loops they
// stand for (long ck_n = the byte count over the element's size; d[ck_i] =
// s[ck_i], or = 0.0), which every mode differentiates as the user's own
// loop: into a local array with sizeof the array, into &b[2] and b + N
// with a count times sizeof(double) or sizeof *b, from a pointer
// parameter, and over an array that is overwritten after its values were
// used.  Gradients, Hessian-vector products and the dot-product test
// against differences; a float version's tangent is checked in its shape.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>
#include <string.h>

#define N 6

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double a[N], b[2 * N], s = 0.0;
	int i;
	memcpy(a, x, sizeof a);
	memset(b, 0, sizeof b);
	memcpy(&b[2], a, (N - 2) * sizeof(double));
	memcpy(b + N, x, N * sizeof *b);
	for (i = 0; i < N; i++)
		a[i] = sin(a[i]) * b[i + 1] + b[N + i];
	memcpy(b, a, sizeof(double) * N);
	for (i = 0; i < N; i++)
		s += b[i] * b[i + N - 1];
	return s;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: long ck_n = 6;
// CHECK: for (ck_i = 0; ck_i < ck_n; ck_i++) {
// CHECK-NEXT: a_d[ck_i] = x_d[ck_i];
// CHECK-NEXT: a[ck_i] = x[ck_i];
// CHECK: long ck_n2 = 12;
// CHECK: b_d[ck_i2] = 0.0;
// CHECK-NEXT: b[ck_i2] = 0.0;
// CHECK: long ck_n3 = 4;
// CHECK: b_d[2 + ck_i3] = a_d[ck_i3];
// CHECK: long ck_n4 = 6;
// CHECK: b_d[6 + ck_i4] = x_d[ck_i4];
// CHECK: long ck_n5 = 6;

#pragma ck_tangent wrt(x)
float g(const float *x, int n)
{
	float t[8];
	memcpy(t, x, n * sizeof(float));
	return t[0] * t[n - 1];
}
// CHECK-LABEL: float g_d(const float *x, const float *x_d, int n, float *ret_d){{$}}
// CHECK: long ck_n = n;
// CHECK: t_d[ck_i] = x_d[ck_i];
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK-NOT: memcpy
// CHECK: {{^}$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("memcpy and memset", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
