// A callee writes through a pointer to the caller's active scalar (h(.., &s)):
// the reverse sweep needs the value s had before each call, but f_fwd does
// not record it and f_bwd differentiates both calls with the value s had
// on entry, so df/dt comes out wrong (f_d and the differences agree with
// each other).  A silent wrong gradient.
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
	h(s * t, &s);
	h(s * t, &s);
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double e, void *ctx)
{
	(void)ctx;
	return f(0.37, -0.61 + e);
}

int main(void)
{
	double ds, dt, sb = 0.0, tb = 0.0;
	ck_equal_bits("primal", f_b(0.37, &sb, -0.61, &tb, 1.0), f(0.37, -0.61));
	f_d(0.37, 1.0, -0.61, 0.0, &ds);
	f_d(0.37, 0.0, -0.61, 1.0, &dt);
	ck_close("tangent", dt, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	ck_close("adjoint of s", sb, ds, 1e-12);
	ck_close("adjoint of t", tb, dt, 1e-12);
	return ck_done();
}
#endif
