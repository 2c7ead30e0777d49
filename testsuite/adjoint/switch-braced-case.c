// switch: a case written in braces that end with break ({ double t = ...;
// ...; break; }, the form that declares a variable in a case, one per
// potential type in a force field) ends its branch there, as its break
// does in C.  ckc took the statements of the next labels into the branch
// too and left the switch through a do { } while (0), so a continue in a
// later case was refused ("this case both leaves the switch early with
// break and continues the enclosing loop").  The braces' break is now
// dropped and no do is needed; braces ending in return or continue end
// the branch too, and nested braces are looked into.  A break deeper in
// the braces (in an if) still leaves through a do { } while (0).
// Gradients, Hessian-vector products and the dot-product test against
// differences, over every label.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 10

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, const int *kind)
{
	double e = 0.0;
	for (int b = 0; b < N; b++) {
		switch (kind[b]) {
		case 1: {
			double t = x[b] * x[b];
			e += t * exp(-0.5 * t);
			break;
		}
		case 2:
			if (x[b] > 0.9)
				continue;
			e += sin(x[b]);
			break;
		case 3: {
			double r = 1.0 + x[b] * x[b];
			if (r > 1.5) {
				e += log(r);
				break;
			}
			e += 0.5 * r;
			{
				e *= 0.75 + 0.25 * x[b];
				break;
			}
		}
		case 4: {
			double c = cos(x[b]);
			e += c * c;
			continue;
		}
		case 5: {
			if (e > 100.0)
				return e;
			return e * x[b];
		}
		default:
			e += 0.5 * x[b];
		}
		e += 0.001 * x[b] * e;
	}
	return e;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, const int *kind, double *ret_d){{$}}
// CHECK: if (ck_sw == 1) {
// CHECK-NOT: do {
// CHECK: } else if (ck_sw == 2) {
// CHECK-NOT: do {
// CHECK: } else if (ck_sw == 3) {
// CHECK-NEXT: do {
// CHECK: } while (0);
// CHECK-NEXT: } else if (ck_sw == 4) {
// CHECK-NOT: do {
// CHECK: continue;
// CHECK: } else if (ck_sw == 5) {
// CHECK-NOT: do {
// CHECK: } else {

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static const int *kk;

KC_SCALAR_WRAPPERS(f, kk)

int main(void)
{
	/* every label, both sides of case 2's and case 3's tests; the second
	 * set returns early at a 5 */
	static const int k1[N] = { 1, 2, 3, 3, 2, 4, 1, 0, 3, 2 };
	static const int k2[N] = { 3, 1, 4, 2, 0, 5, 1, 1, 2, 3 };
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	v[1] = 0.95; /* case 2 continues */
	v[2] = 0.4;  /* case 3: r < 1.5 */
	v[3] = 0.85; /* case 3: r > 1.5 */
	v[8] = 0.6;
	kk = k1;
	kc_check_scalar("braced cases k1", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	kk = k2;
	kc_check_scalar("braced cases k2", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
