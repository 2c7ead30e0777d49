// A callee gets the caller's active scalar twice, by value and by pointer
// (h(s, &s)), and updates it twice through the pointer: f = s^3, so
// df/ds = 3 s^2 = 0.4107 at s = 0.37, which f_d gives, but f_b gives
// 0.3751: a silent wrong gradient.  With one update in h, or with another
// variable as the value argument, f_b is right.
// Found by the fuzzer (run.py --seed 11 --modes tangent,adjoint --features
// +checkpoint, kernel 476, reduced with reduce.py).
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: 0 failed

static void h(double a, double *r)
{
	*r = *r * a;
	*r = *r * a;
}

#pragma ck_tangent wrt(s)
#pragma ck_adjoint wrt(s)
double f(double s)
{
	h(s, &s);
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	double d, sb = 0.0;
	ck_equal_bits("primal", f_b(0.37, &sb, 1.0), f(0.37));
	f_d(0.37, 1.0, &d);
	ck_close("tangent", d, 3 * 0.37 * 0.37, 1e-12);
	ck_close("adjoint", sb, d, 1e-12);
	return ck_done();
}
#endif
