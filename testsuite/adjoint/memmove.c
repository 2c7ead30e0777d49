// memmove(d, s, bytes) on double arrays is the loop it stands for, in the
// direction that reads each element before it is overwritten: forward
// where d is not after s in the same array, backward where it is (a
// shift right), decided at compile time for constant offsets and by a
// test of the offsets otherwise (an array's offset 0 is never after the
// other, k >= 0 in C); also within one member array of a struct (b.a + 1
// after b.a); between different arrays, one of them a local, forward.  Gradients, Hessian-vector products and the
// dot-product test against differences; the shifted values as memmove
// leaves them (f_d's and f_b's values are f's, bitwise).
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
double f(const double *x, int k)
{
	double a[N + 2], s = 0.0;
	memmove(a, x, N * sizeof(double));
	a[N] = a[N + 1] = 0.5;
	memmove(a + 1, a, (N - 1) * sizeof(double));  /* right: backward */
	a[0] = sin(a[1]);
	memmove(&a[0], &a[2], 4 * sizeof a[0]);       /* left: forward */
	memmove(a + k, a + 1, 3 * sizeof(double));    /* k decides */
	memmove(a + 1, a + k, 2 * sizeof(double));
	for (int i = 0; i < N + 2; i++)
		s += a[i] * a[(i + 3) % (N + 2)] * (double)(i + 1);
	return s;
}

/* within a struct's member array: the same array, b.a + 1 after b.a */
typedef struct {
	double a[N];
	int n;
} buf;

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x, int k)
{
	buf b;
	double s = 0.0;
	b.n = N;
	for (int i = 0; i < N; i++)
		b.a[i] = x[i] * x[(i + 1) % N];
	memmove(b.a + 1, b.a, (N - 1) * sizeof(double));
	memmove(&b.a[0], &b.a[k], 2 * sizeof(double));
	for (int i = 0; i < b.n; i++)
		s += sin(b.a[i]) * (double)(i + 1);
	return s;
}

// CHECK-LABEL: double f_d(const double *x, const double *x_d, int k, double *ret_d){{$}}
// CHECK: for (ck_i = 0; ck_i < ck_n; ck_i++) {
// CHECK: for (ck_i2 = ck_n2 - 1; ck_i2 >= 0; ck_i2--) {
// CHECK: for (ck_i3 = 0; ck_i3 < ck_n3; ck_i3++) {
// CHECK: if (k <= 1) {
// CHECK: for (ck_i4 = ck_n4 - 1; ck_i4 >= 0; ck_i4--) {
// CHECK: if (1 <= k) {
// CHECK-LABEL: double g_d(const double *x, const double *x_d, int k, double *ret_d){{$}}
// CHECK: for (ck_i = ck_n - 1; ck_i >= 0; ck_i--) {
// CHECK-NOT: if (
// CHECK: for (ck_i2 = 0; ck_i2 < ck_n2; ck_i2++) {

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static int kk;

KC_SCALAR_WRAPPERS(f, kk)
KC_SCALAR_WRAPPERS_AS(kg, g, kk)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	for (kk = 0; kk < 3; kk++) {
		kc_check_scalar("memmove", kf, kf_d, kf_b, kf_b_d, NULL, v,
				NULL, N, 2);
		kc_check_scalar("memmove in a member array", kg, kg_d, kg_b,
				kg_b_d, NULL, v, NULL, N, 2);
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
