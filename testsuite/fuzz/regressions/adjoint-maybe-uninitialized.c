// Nested ?: with active arms in a loop: f_bwd declares the branch codes
// (int ck_br2; int ck_br;) without a value and pops ck_br only on one path;
// gcc -O2 -Wall cannot prove it is set before use and stops on
// "'ck_br' may be used uninitialized" (DESIGN section 3: the output compiles
// without warnings).  Expected: temporaries declared with a value (or
// popped on every path).
// Found by the fuzzer (run.py --seed 1 --modes tangent,adjoint: kernels 0,
// 18, 23, 32, 38, 51, 54, 73, 89, also on ck_v temporaries).
// RUN: %ckc %s -o %t.c
// RUN: %cc -O2 -c %t.c -o %t.o
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: 0 failed
#include <math.h>

#pragma ck_tangent wrt(s)
#pragma ck_adjoint wrt(s)
double f(double s, const double *x)
{
	for (int i = 0; i < 2; i++)
		s *= 0.5 + 0.5 * tanh(s > x[0] ? -0.9 : (s * s > x[1] ? 0.1 : s));
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static const double x[2] = {0.9, 0.5};

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t, x);
}

int main(void)
{
	for (double s = -0.8; s < 1.2; s += 0.35) {
		double d, sb = 0.0;
		ck_equal_bits("primal", f_b(s, &sb, x, 1.0), f(s, x));
		f_d(s, 1.0, x, &d);
		ck_close("dot product", sb, d, 1e-12);
		ck_close("differences", d, ck_richardson(at, &s, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
