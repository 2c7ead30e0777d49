// A checkpoint region that moves a local pointer (p = x + 1 inside the
// loop) and reads through it: when the reverse sweep recomputes the region
// it starts from p's value at the region's end, not at its entry, so the
// gradient is wrong ((0, 4.2) where (0.6, 2.8) is right) and differs from
// ckc --no-checkpoint's, which is right: a silent wrong gradient and a
// broken checkpoint transparency (DESIGN section 2).
// Found by the fuzzer (run.py --seed 11 --modes tangent,adjoint --features
// +checkpoint, kernel 3, reduced with reduce.py).
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: 0 failed

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	const double *p = x;
#pragma ck_checkpoint
	for (int i = 0; i < n; i++) {
		s += p[0] * p[0];
		p = x + 1;
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	double x[2] = {0.3, 0.7}, xb[2] = {0.0, 0.0}, d0, d1;
	double e0[2] = {1.0, 0.0}, e1[2] = {0.0, 1.0};
	ck_equal_bits("primal", f_b(x, xb, 3, 1.0), f(x, 3));
	f_d(x, e0, 3, &d0);
	f_d(x, e1, 3, &d1);
	ck_close("tangent 0", d0, 2 * x[0], 1e-12);
	ck_close("tangent 1", d1, 4 * x[1], 1e-12);
	ck_close("adjoint 0", xb[0], d0, 1e-12);
	ck_close("adjoint 1", xb[1], d1, 1e-12);
	return ck_done();
}
#endif
