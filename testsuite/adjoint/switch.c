// switch: each label's branch of an if/else chain on a copy of the
// controlling value (ck_sw), with the statements it falls through to, and
// a do { } while (0) around a branch that a break inside an if leaves.
// Kernel f covers labels sharing a branch, default between cases with a
// fall-through into the next case, an early break, a return from a case,
// a continue of the enclosing loop, enum and negative values, a nested
// switch, and a case label next to default (the default branch, which
// also holds a helper's call).  Gradients, Hessian-vector products and the dot-product test
// against differences, for each kind of element.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 12

enum shape { FLAT = 1, BOWL, CUP };

static double sq(double v)
{
	return v * v;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, const int *k)
{
	double s = 0.0;
	int i;
	for (i = 0; i < N; i++) {
		switch (k[i]) {
		case FLAT:
			s += 3.0 * x[i];
			break;
		case BOWL:
		case -4:
			s += x[i] * x[i];
			break;
		case 8:
		default:
			s += sin(x[i]) + 0.5 * sq(x[i]);
			/* fall through */
		case CUP:
			if (x[i] < 0.2)
				break;
			s += x[i] * x[i] * x[i];
			break;
		case 5:
			continue;
		case 6:
			switch (i % 2) {
			case 0:
				s *= cos(x[i]);
				break;
			default:
				s += exp(0.5 * x[i]);
			}
			break;
		case 9:
			return s * x[i];
		}
		s += 0.25 * x[i] * s;
	}
	return s;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, const int *k, double *ret_d){{$}}
// CHECK: int ck_sw = k[i];
// CHECK-NEXT: if (ck_sw == 1) {
// CHECK: } else if (ck_sw == 2 || ck_sw == (-4)) {
// CHECK: } else if (ck_sw == 3) {
// CHECK-NEXT: do {
// CHECK-NEXT: if (x[i] < 0.2) {
// CHECK-NEXT: break;
// CHECK: } while (0);
// CHECK: } else if (ck_sw == 5) {
// CHECK-NEXT: continue;
// CHECK-NEXT: } else if (ck_sw == 6) {
// CHECK: int ck_sw2 = i % 2;
// CHECK: } else if (ck_sw == 9) {
// CHECK: return
// CHECK: } else {
// CHECK-NEXT: do {
// CHECK: s += sin(x[i]) + 0.5 * ck_sq;
// CHECK-NEXT: if (x[i] < 0.2) {
// CHECK: } while (0);
// CHECK-NEXT: }

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static const int *kk;

KC_SCALAR_WRAPPERS(f, kk)

int main(void)
{
	/* every label, the default (0, 7), both sides of x < 0.2 for CUP and
	 * the default, the nested switch's two branches; the second set ends
	 * early at a 9 */
	static const int k1[N] = { 1, 2, -4, 0, 3, 3, 7, 5, 6, 6, 8, 2 };
	static const int k2[N] = { 2, 6, 3, 0, 1, 6, 9, 1, 2, 3, 1, 1 };
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	v[4] = 0.1;
	v[5] = 0.7;
	v[3] = 0.9;
	v[6] = 0.05;
	kk = k1;
	kc_check_scalar("switch k1", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N,
			3);
	kk = k2;
	kc_check_scalar("switch k2", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N,
			3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
