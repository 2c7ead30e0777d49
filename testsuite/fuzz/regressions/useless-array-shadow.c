// A local array of active values that is read only in a condition carries
// no derivative to the result, yet ckc declares and fills its shadow w_d,
// which nothing reads: gcc -Wall -Werror stops on "variable 'w_d' set but
// not used" (DESIGN section 3: the output compiles without warnings).
// Expected: no w_d (usefulness pruning for arrays), or one that is used.
// Found by the fuzzer (run.py --seed 2, kernels 72 and 99).
// RUN: %ckc %s -o %t.c
// RUN: %cc -c %t.c -o %t.o
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: 0 failed

#pragma ck_tangent wrt(x)
double f(const double *x)
{
	double w[2];
	w[0] = 2.0 * x[0];
	w[1] = x[1];
	if (w[0] > w[1])
		return x[0] * x[1];
	return x[0];
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double x0[2] = {0.7, 0.3}, v[2] = {0.4, -0.9};

static double at(double t, void *ctx)
{
	double x[2] = {x0[0] + t * v[0], x0[1] + t * v[1]};
	(void)ctx;
	return f(x);
}

int main(void)
{
	double d;
	ck_equal_bits("primal", f_d(x0, v, &d), f(x0));
	ck_close("tangent", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
