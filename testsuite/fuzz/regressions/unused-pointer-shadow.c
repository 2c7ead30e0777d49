// A local pointer into active data that is only read in a condition never
// carries a derivative, yet ckc gives it a shadow (const double *p_d =
// &x_d[1];) that nothing reads, so the output fails gcc -Wall -Werror with
// "unused variable 'p_d'" (DESIGN section 3: the output compiles without
// warnings).  Expected: no p_d, or one that is used.
// Found by the fuzzer (run.py --seed 1, kernels 28, 40, 47, ...).
// RUN: %ckc %s -o %t.c
// RUN: %cc -c %t.c -o %t.o
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: 0 failed

#pragma ck_tangent wrt(x)
double f(const double *x)
{
	const double *p = &x[1];
	if (*p > 0.0)
		return x[0] * x[0];
	return 2.0 * x[0];
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double x0[2] = {0.7, 0.3};

static double at(double t, void *ctx)
{
	double x[2] = {x0[0] + t, x0[1]};
	(void)ctx;
	return f(x);
}

int main(void)
{
	double d, v[2] = {1.0, 0.0};
	ck_equal_bits("primal", f_d(x0, v, &d), f(x0));
	ck_close("tangent", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
