// x++ in a while, do-while or for loop's condition, or an if's (also in
// the first operand of && or ||, which always runs): while (n--) S is
// for (n--; n + 1; n--) S, do S while (--k > 0) is do { S --k; } while
// (k > 0) (a for with a first-pass flag when S has a continue), for (int i = n; i-- > 0;) S is { int i = n; i--; for (; i + 1
// > 0; i--) S }; each step runs once per test of the condition, also
// after a continue, and a break leaves without one.  Integer and pointer locals
// and parameters; gradients, Hessian-vector products and the dot-product
// test against differences; the results use the counters' values after
// the loops, so f_d's and f_b's values (bitwise f's) check them too.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 6

/* while (n--): n counts down through the body, and is -1 after it. */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	while (n--)
		s += sin(x[n]) * x[n];
	return s * (double)(n + 2);
}

/* i++ < N - 1 with a continue and a break in the body (i is 4 after it,
 * not 5); an unsigned counter stepped down; a pointer stepped to its
 * end. */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x)
{
	const double *p = x, *end = x + N;
	double s = 0.0;
	unsigned u = N;
	int i = 0;
	while (i++ < N - 1) {
		if (i == 2)
			continue;
		s += x[i] * x[i - 1];
		if (i == 4)
			break;
	}
	while (--u > 2)
		s += exp(0.1 * x[u]);
	while (p++ != end)
		s += p[-1] * p[-1] * 0.25;
	return s * (double)i + (double)u;
}

/* do-while: the steps end the body; a break leaves without them; with a
 * continue, the loop is a for whose inc steps, and whose first test
 * passes: for (int ck_first = 1; ck_first || j < N - 1; j++,
 * ck_first = 0) */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double h(const double *x)
{
	double s = 1.0;
	int k = N - 1, m = 0;
	do
		s = s * x[k] + cos(x[k - 1]);
	while (--k > 0);
	do {
		s += x[m] * x[m];
		if (m == 3)
			break;
	} while (m++ < N - 2);
	int j = 0;
	do {
		if (j == 2)
			continue;
		s += 0.5 * sin(x[j]) * x[j + 1];
	} while (++j < N - 1);
	return s + (double)(k + m + j);
}

/* a for's condition: for (int i = N; i-- > 0;) declares i before the
 * loop, with its first step; k++ < N steps after the for's own inc */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double r(const double *x)
{
	double s = 0.0;
	int k;
	for (int i = N; i-- > 0;)
		s += x[i] * sin(x[i]);
	for (k = 1; k++ < N; s *= 0.9)
		s += x[k - 1] * x[k - 1];
	return s + (double)k;
}

// CHECK-LABEL: double r_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: int i = 6;
// CHECK-NEXT: i--;
// CHECK-NEXT: for (; i + 1 > 0; i--) {
// CHECK: for (k = 1, k++; k - 1 < 6; s_d *= 0.9, s *= 0.9, k++) {
// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: n--;
// CHECK: for (; n + 1; n--) {
// CHECK-LABEL: static double g_fwd(const double *x){{$}}
// CHECK: for (; i - 1 < 6 - 1; i++) {
// CHECK: for (; u > 2; u--) {
// CHECK: for (; p - 1 != end; p++) {
// CHECK-LABEL: static double h_fwd(const double *x){{$}}
// CHECK: k--;
// CHECK-NEXT: }
// CHECK-NEXT: } while (k > 0);
// CHECK: m++;
// CHECK: } while (m - 1 < 6 - 2);
// CHECK: for (; ck_first || j < 6 - 1; j++, ck_first = 0) {

/* if (++it >= 5) break; and if (x[j++] > 0.5): the steps come before the
 * if, whose condition reads j - 1 for j++ (each branch sees them done). */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double c(const double *x)
{
	double s = 0.0;
	int it = 0, j = 0;
	for (;;) {
		s = s * 0.5 + sin(x[it % N]);
		if (++it >= 5)
			break;
	}
	while (j < N) {
		if (x[j++] > 0.5)
			s += x[j - 1] * j;
		else
			s -= cos(x[j - 1]) * j;
	}
	/* the first operand of && or || always runs, before the others,
	 * which read the counter after its step */
	int k = 0, m = 0;
	while (x[k++] < 0.9 && k < N)
		s += sin(x[k]) * k;
	for (;;)
		if (x[m++] * s > 1.0 || m >= N)
			break;
	return s + it + j + k + m;
}
// CHECK-LABEL: static double c_fwd(const double *x){{$}}
// CHECK: it++;
// CHECK-NEXT: if (it >= 5) {
// CHECK: j++;
// CHECK-NEXT: if (x[j - 1] > 0.5) {
// CHECK: for (; x[k - 1] < 0.9 && k < 6; k++) {
// CHECK: m++;
// CHECK-NEXT: if (x[m - 1] * s > 1.0 || m >= 6) {

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_AS(kf, f, N)
KC_SCALAR_WRAPPERS_PLAIN_AS(kg, g)
KC_SCALAR_WRAPPERS_PLAIN_AS(kh, h)
KC_SCALAR_WRAPPERS_PLAIN_AS(kr, r)
KC_SCALAR_WRAPPERS_PLAIN_AS(kc, c)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("while (n--)", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL,
			N, 3);
	kc_check_scalar("while (i++ < n), (--u > 2), (p++ != end)", kg, kg_d,
			kg_b, kg_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("do-while (--k > 0), (m++ < n)", kh, kh_d, kh_b,
			kh_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("for (int i = n; i-- > 0;), (k = 1; k++ < n; ...)", kr,
			kr_d, kr_b, kr_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("if (++it >= 5), (x[j++] > 0.5), (.. || m >= N)", kc,
			kc_d, kc_b, kc_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
