// An active scalar parameter overwritten with an active value that is then
// read only in a condition: ckc keeps the store to its shadow (s_d = 2.0 *
// x_d;) though no derivative reads s_d afterwards, and gcc -Wall -Werror
// stops on "parameter 's_d' set but not used" (DESIGN section 3: the output
// compiles without warnings).  Expected: the dead store to s_d dropped (or
// s_d used).
// Found by the fuzzer (run.py --seed 2, kernels 86 and 89).
// RUN: %ckc %s -o %t.c
// RUN: %cc -c %t.c -o %t.o
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: 0 failed

#pragma ck_tangent wrt(x, s)
double f(double x, double s)
{
	s = 2.0 * x;
	if (s > 1.0)
		return x;
	return x * x;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	(void)ctx;
	return f(0.3 + t, 0.1);
}

int main(void)
{
	double d;
	ck_equal_bits("primal", f_d(0.3, 1.0, 0.1, 0.0, &d), f(0.3, 0.1));
	ck_close("tangent", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
