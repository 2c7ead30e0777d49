// A callee called in a loop writes through a pointer to the caller's active
// scalar (h(s, &s) doubles s): f_bwd adds the adjoint of the argument s of
// every iteration to the adjoint of s's value on entry (as if s were not
// overwritten in the loop), and differentiates the return with s's value
// on entry, so both df/ds and df/dt are wrong.  A silent wrong gradient.
// Found by the fuzzer (run.py --seed 3 --modes tangent,adjoint, kernel 5,
// reduced with reduce.py).
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: 0 failed

static void h(double a, double *r)
{
	*r = *r + a;
}

#pragma ck_tangent wrt(s, t)
#pragma ck_adjoint wrt(s, t)
double f(double s, double t)
{
	for (int k = 0; k < 2; k++)
		h(s, &s);
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
	ck_close("tangent of s", ds, 4 * -0.61, 1e-12);
	ck_close("tangent of t", dt, 4 * 0.37, 1e-12);
	ck_close("adjoint of s", sb, ds, 1e-12);
	ck_close("adjoint of t", tb, dt, 1e-12);
	return ck_done();
}
#endif
