// An assignment whose right side steps a counter, in a loop's condition:
// a neighbour list ended by -1, while ((j = nbr[k++]) >= 0), the same in
// a for loop's condition and in a later operand of an && chain, and
// do ... while ((w = wt[m++]) > 0.0).  The assignment becomes a statement
// of its own just before the operand's test, its step split after it as
// in any statement (j = nbr[k]; k++;), and the test reads the variable.
// Tangent, gradient, Hessian-vector products and the dot-product test
// against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 6

static const int nbr[] = {1, 3, 4, -1, 0, 2, 5, -1};
static const double wt[] = {0.5, 0.25, 0.125, 0.0};

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double s = 0.0, w;
	int j, k = 0, m = 0, c = 0;
	while ((j = nbr[k++]) >= 0)
		s += x[j] * sin(x[j]);
	for (; (j = nbr[k++]) >= 0;)
		s += x[j] * x[(j + 1) % N];
	k = 0;
	while (c < 2 && (j = nbr[k++]) >= 0) {
		s += 0.5 * x[j] * x[j];
		c++;
	}
	do
		s = s * (1.0 + 0.1 * x[m]);
	while ((w = wt[m++]) > 0.0);
	return s + w;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: for (;;) {
// CHECK-NEXT: j = nbr[k];
// CHECK-NEXT: k++;
// CHECK-NEXT: if (!(j >= 0)) {
// CHECK: w = wt[m];
// CHECK-NEXT: m++;
// CHECK-NEXT: if (!(w > 0.0)) {

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	/* (volatile: clang -O2 would fold sin of constants at compile time,
	 * with other last bits than libm's sin at run time) */
	volatile double one = 1.0;
	double v[N] = {0.3 * one, -0.7 * one, 1.1 * one,
		       0.8 * one, -0.2 * one, 0.6 * one};
	kc_check_scalar("assignments with steps in conditions", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
