// A reverse loop whose iterations touch each stored array at one offset
// only, and carry nothing from one iteration to the next, runs upwards:
// i = lo .. hi - 1 instead of hi - 1 down to lo, with i left at lo after
// it, as the reverse loop leaves it.  gcc and clang vectorize such loops
// without reversing vectors.  Here: the copy u[i] = un[i] of a time loop
// over a trip count n that may be 0, the first copy of x, the final sum
// of squares, and a product with row t of a matrix, M[t * N + i], whose
// offset t * N is not a constant but does not change in the loop.  A recurrence (u[i] depends on u[i - 1]), a map whose
// iterations pop values, and a loop that stores into a pointer that is not
// restrict keep their order.  Gradients and Hessian-vector products are checked against
// differences and are bitwise those of --no-gather.
// RUN: %ckc --no-fuse %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-fuse --no-gather %s -o %t.ng.c
// RUN: FileCheck %s --check-prefix=NG --input-file %t.ng.c
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.h %s %t.c -o %t.p %ckrt
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.ng.h %s %t.ng.c -o %t.ng.p %ckrt
// RUN: %t.p > %t.p.out
// RUN: %t.ng.p > %t.ng.p.out
// RUN: cmp %t.p.out %t.ng.p.out
#include <math.h>

#define N 9

/* b[0..n) += a[i] * c; f passes one array as a and b */
static void axpy(const double *a, double *b, double c, int n)
{
	for (int i = 0; i < n; i++)
		b[i] += a[i] * c;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double u[N], un[N], M[3 * N], s = 0;
	int i, t;
	for (i = 0; i < N; i++)
		u[i] = x[i];
	for (t = 0; t < 3; t++) {
		for (i = 0; i < n; i++)
			un[i] = u[i] * sin(u[i]);
		for (i = 0; i < n; i++)
			u[i] = un[i];
	}
	for (i = 1; i < N; i++)
		u[i] = u[i] * 0.5 + u[i - 1] * u[i - 1];
	axpy(u, u, 0.25, N);
	for (i = 0; i < N; i++)
		s += u[i] * u[i];
	for (i = 0; i < 3 * N; i++)
		M[i] = x[i % N] * (0.5 + 0.1 * i);
	for (t = 0; t < 3; t++) {
		double a = 0;
		for (i = 0; i < N; i++)
			a += M[t * N + i] * u[i];
		s += a * a;
	}
	return s;
}
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// The product with row t of M: M_b at offset t * 9, u_b at 0, upwards.
// CHECK: for ([[J0:ck_j[0-9]*]] = (int)[[LO0:ck_lo[0-9]*]]; [[J0]] < [[HI0:ck_hi[0-9]*]]; [[J0]]++) {
// CHECK-NEXT: i = (int)[[J0]];
// CHECK: M_b[t * 9 + i] +=
// CHECK: i = (int)[[LO0]];
// The sum of squares, upwards.
// CHECK: long [[HI:ck_hi[0-9]*]] = i;
// CHECK-NEXT: [[N:ck_n[0-9]*]] = 9;
// CHECK-NEXT: long [[LO:ck_lo[0-9]*]] = [[N]] > 0 ? [[HI]] - [[N]] : [[HI]];
// CHECK-NEXT: int [[J:ck_j[0-9]*]];
// CHECK-NEXT: for ([[J]] = (int)[[LO]]; [[J]] < [[HI]]; [[J]]++) {
// CHECK-NEXT: i = (int)[[J]];
// CHECK: u_b[i] += 2.0 * (s_b * u{{[0-9]*}}[i]);
// CHECK: i = (int)[[LO]];
// The recurrence keeps its order (rotated).
// CHECK: for (ck_n{{[0-9]*}} = 8; ck_n{{[0-9]*}} > 0; ck_n{{[0-9]*}}--) {
// CHECK-NEXT: i--;
// In the time loop: the copy upwards over n (storing into un_b, which
// the map's reverse leaves for it to overwrite: zeroed.c), then the map,
// whose iterations pop their values, downwards.
// CHECK: for ([[J2:ck_j[0-9]*]] = (int)[[LO2:ck_lo[0-9]*]]; [[J2]] < [[HI2:ck_hi[0-9]*]]; [[J2]]++) {
// CHECK-NEXT: i = (int)[[J2]];
// CHECK: un_b[i] = ck_a{{[0-9]*}};
// CHECK: i = (int)[[LO2]];
// CHECK: for (ck_n{{[0-9]*}} = n > 0 ? (long)n : 0; ck_n{{[0-9]*}} > 0; ck_n{{[0-9]*}}--) {
// CHECK-NEXT: i--;
// CHECK: ck_release_d(ck_t, 3,
// The copy of x into u, upwards.
// CHECK: for ([[J3:ck_j[0-9]*]] = (int)[[LO3:ck_lo[0-9]*]]; [[J3]] < [[HI3:ck_hi[0-9]*]]; [[J3]]++) {
// CHECK-NEXT: i = (int)[[J3]];
// CHECK: x_b[i] += ck_a;
// CHECK: i = (int)[[LO3]];
// CHECK: {{^}$}}
// axpy's a_b and b_b are one array (not restrict): its loop keeps its
// order.
// CHECK-LABEL: static void axpy_bwd(double *a_b, double *b_b, double c, int n){{$}}
// CHECK-NOT: ck_j
// CHECK: i--;
// CHECK-NOT: ck_j
// CHECK: {{^}$}}
// NG-LABEL: static void f_bwd(
// NG-NOT: ck_j
// NG: {{^}$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

#include <stdio.h>

static int n;

#ifdef PRINT_BITS
int main(void)
{
	double v[N], d[N];
	for (int i = 0; i < N; i++) {
		v[i] = 0.2 + 0.6 * ck_rand();
		d[i] = ck_rand() - 0.5;
	}
	for (n = 0; n <= N; n += 3) {
		double g[N] = {0}, h[N] = {0};
		printf("%a\n", f_b_d(v, d, g, h, n, 1.0, 0.0));
		for (int i = 0; i < N; i++)
			printf("  %a %a\n", g[i], h[i]);
		double g2[N] = {0};
		printf("%a\n", f_b(v, g2, n, 1.0));
		for (int i = 0; i < N; i++)
			printf("  %a\n", g2[i]);
	}
	return 0;
}
#else
KC_SCALAR_WRAPPERS(f, n)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = 0.2 + 0.6 * ck_rand();
	for (n = 0; n <= N; n += 3)
		kc_check_scalar("ascending", kf, kf_d, kf_b, kf_b_d, NULL, v,
				NULL, N, 3);
	return ck_done();
}
#endif
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
