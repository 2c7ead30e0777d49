// A pointer in wrt() but not in out() that f updates in place (a state
// array: f returns its result, the state's final value is no output):
// its adjoint must accumulate, h_b += ret_b * df/dh, as every adjoint does
// (DESIGN §2), so that gradients can be summed over calls.  ckc's f_b
// takes h_b's value on entry as the seed of h's final value instead: with
// h_b = H on entry it returns a_b = (2 h1 + H) h0 and h_b = a (2 h1 + H),
// not a_b = 2 h1 h0 and h_b = H + 2 a h1 (h1 = a h0).  Right only when
// h_b is 0 on entry.  f_b_d does the same with h_b and h_bd.
// Found with examples/kernels/lstm.c (its hidden and cell states);
// testsuite/kernels/lstm.c passes zeroed state adjoints until this is
// fixed.
// XFAIL: *
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 4 checks, 0 failed

#pragma ck_adjoint wrt(a, h)
double f(double a, double *h)
{
	h[0] = a * h[0];
	return h[0] * h[0];
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	double a = 1.5, h0 = 0.75, h[1], ab, hb[1];

	/* zero adjoints on entry */
	h[0] = h0;
	ab = 0.0;
	hb[0] = 0.0;
	f_b(a, &ab, h, hb, 1.0);
	ck_close("a_b from 0", ab, 2 * a * h0 * h0, 1e-15);
	ck_close("h_b from 0", hb[0], 2 * a * a * h0, 1e-15);
	/* adjoints that already hold 1 and 2: they accumulate */
	h[0] = h0;
	ab = 1.0;
	hb[0] = 2.0;
	f_b(a, &ab, h, hb, 1.0);
	ck_close("a_b accumulates", ab, 1.0 + 2 * a * h0 * h0, 1e-15);
	ck_close("h_b accumulates", hb[0], 2.0 + 2 * a * a * h0, 1e-15);
	return ck_done();
}
#endif
