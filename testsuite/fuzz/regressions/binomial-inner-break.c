// A break (or continue) of a loop nested inside a binomial(K) loop does not
// leave the binomial loop, whose trip count stays fixed: accepted, with the
// right gradient.  (ckc used to refuse it with "a binomial(K) loop must not
// be left by break or return".)  f jumps where s crosses 2 in some step,
// so the differences use steps small enough not to cross.
// Found by the fuzzer (run.py --seed 3 --modes tangent,adjoint --features
// +checkpoint, kernel 0); gen.py now puts no break or continue anywhere in
// a binomial loop.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: 0 failed

#pragma ck_tangent wrt(s)
#pragma ck_adjoint wrt(s)
double f(double s, int n)
{
#pragma ck_checkpoint binomial(2)
	for (int i = 0; i < n; i++) {
		int k = 0;
		do {
			k++;
			if (s > 2.0)
				break;
			s = s * 1.1;
		} while (k < 3);
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	(void)ctx;
	return f(0.7 + t, 6);
}

int main(void)
{
	double d, sb = 0.0;
	ck_equal_bits("primal", f_b(0.7, &sb, 6, 1.0), f(0.7, 6));
	f_d(0.7, 1.0, 6, &d);
	ck_close("dot product", sb, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, 1e-5), 1e-6);
	return ck_done();
}
#endif
