// A deep expression in one statement, a Horner polynomial of degree 80
// written out as code generators write it, (((c80 * y + c79) * y + ...) *
// y: the tangent repeated every inner operand at every level (its size
// grew with the square of the depth, the HVP's with the cube; degree 240
// took ckc 54 s and wrote 48 MB).  Floating subexpressions larger than 48
// nodes now go into temporaries (ck_sub) first; f_d and f_b still return
// f bit for bit.  Gradients, Hessian-vector products and the dot-product
// test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// CHECK-LABEL: double horner_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: double ck_sub = 
// OUT-NOT: FAIL
// OUT: checks, 0 failed
#include <math.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
#pragma ck_tangent wrt(x) vector
double horner(const double *x)
{
	double y = 0.99 * tanh(x[0]) * x[1];
	double p = (((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((0.5 * y + 0.50) * y + 0.44) * y + 0.39) * y + 0.34) * y + 0.29) * y + 0.23) * y + 0.18) * y + 0.13) * y + 0.08) * y + 0.02) * y + -0.03) * y + -0.08) * y + -0.13) * y + -0.19) * y + -0.24) * y + -0.29) * y + -0.34) * y + -0.40) * y + -0.45) * y + 0.50) * y + 0.44) * y + 0.39) * y + 0.34) * y + 0.29) * y + 0.23) * y + 0.18) * y + 0.13) * y + 0.08) * y + 0.02) * y + -0.03) * y + -0.08) * y + -0.13) * y + -0.19) * y + -0.24) * y + -0.29) * y + -0.34) * y + -0.40) * y + -0.45) * y + 0.50) * y + 0.44) * y + 0.39) * y + 0.34) * y + 0.29) * y + 0.23) * y + 0.18) * y + 0.13) * y + 0.08) * y + 0.02) * y + -0.03) * y + -0.08) * y + -0.13) * y + -0.19) * y + -0.24) * y + -0.29) * y + -0.34) * y + -0.40) * y + -0.45) * y + 0.50) * y + 0.44) * y + 0.39) * y + 0.34) * y + 0.29) * y + 0.23) * y + 0.18) * y + 0.13) * y + 0.08) * y + 0.02) * y + -0.03) * y + -0.08) * y + -0.13) * y + -0.19) * y + -0.24) * y + -0.29) * y + -0.34) * y + -0.40) * y + -0.45) * y + 0.50) * y + 0.44) * y + 0.39) * y;
	return p * x[1];
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(kh, horner)

int main(void)
{
	volatile double one = 1.0;
	double v[2] = { 0.3 * one, 0.5 * one };
	kc_check_scalar("Horner, degree 80", kh, kh_d, kh_b, kh_b_d, NULL, v,
			NULL, 2, 3);
	return ck_done();
}
#endif
