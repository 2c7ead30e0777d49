// An int stored once from a comparison of a floating local (sw = s > c,
// as ckc's switch lowering makes ck_sw) is set again at the start of its
// block's reverse only when the floats it reads hold the same value
// everywhere: a parameter f_bwd takes, or a local with a constant
// initializer that nothing assigns again.  Here s is assigned again after
// the block, from a helper's result that the reverse sweep does not
// have at the block, so sw is taped (ckc stopped with an internal error
// before).  Derivatives against differences, the tangent and the Hessian,
// bitwise those of --no-tbr.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include <math.h>

#define N 4

static double h(const double *p)
{
	return p[0] * p[1];
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double s = x[0] * 0.5, v = x[1];
	int c = 0;
	if (x[2] > 0.1) {
		int sw = erfc(s) <= 0.8;
		if (sw == 0)
			v /= 1.0 + tanh(h(x)) * tanh(x[3]);
		else
			v *= 2.0 + sin(x[3]);
		c = sw;
	}
	s = 0.5 * s + cos(h(&x[2]));
	return v * s + c;
}
// CHECK-LABEL: static double f_fwd(const double *x){{$}}
// CHECK: sw = erfc(s) <= 0.8;
// CHECK: ck_push_i(ck_t, sw);
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK: sw = ck_pop_i(ck_t);
// CHECK-NOT: erfc
// CHECK: {{^}$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	/* both sides of erfc(s) <= 0.8 (s near 0.18), and the block skipped */
	static const double pts[3][N] = { { 1.2, 0.7, 0.9, 0.4 },
					  { -0.8, 0.6, 0.5, -0.3 },
					  { 0.3, 0.9, -0.2, 0.8 } };
	kc_check_scalar("sw taped (erfc(s) <= 0.8)", kf, kf_d, kf_b, kf_b_d,
			NULL, pts[0], NULL, N, 3);
	kc_check_scalar("sw taped (erfc(s) > 0.8)", kf, kf_d, kf_b, kf_b_d,
			NULL, pts[1], NULL, N, 3);
	kc_check_scalar("block skipped", kf, kf_d, kf_b, kf_b_d, NULL, pts[2],
			NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
