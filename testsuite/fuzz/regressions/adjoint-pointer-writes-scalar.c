// An active scalar overwritten through a local pointer to it (*p = 0.33
// with p = &t): the reverse sweep differentiates the later s * t with the
// value t had on entry instead of 0.33, so df/ds comes out wrong (f_d is
// right).  A silent wrong gradient.
// Found by the fuzzer (run.py --seed 3 --modes tangent,adjoint, kernel 20,
// reduced with reduce.py).
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: 0 failed

#pragma ck_tangent wrt(s, t)
#pragma ck_adjoint wrt(s, t)
double f(double s, double t)
{
	double *p = &t;
	*p = 0.33;
	return s * t;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	double ds, dt, sb = 0.0, tb = 0.0;
	ck_equal_bits("primal", f_b(0.37, &sb, -0.61, &tb, 1.0), f(0.37, -0.61));
	f_d(0.37, 1.0, -0.61, 0.0, &ds);
	f_d(0.37, 0.0, -0.61, 1.0, &dt);
	ck_close("tangent of s", ds, 0.33, 1e-12);
	ck_close("tangent of t", dt, 0.0, 1e-12);
	ck_close("adjoint of s", sb, ds, 1e-12);
	ck_close("adjoint of t", tb, dt, 1e-12);
	return ck_done();
}
#endif
