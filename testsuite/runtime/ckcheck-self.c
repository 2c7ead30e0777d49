/* ckcheck.h itself: Richardson extrapolation is accurate, comparisons pass
 * and fail as documented, the generator is deterministic and in range, and
 * ck_done reports failures. */
// RUN: %cc %s -o %t -lm
// RUN: not %t | FileCheck %s
// CHECK: ok: d/dt sin(1 + t) = cos 1
// CHECK: ok: d/dt exp(2t) = 2
// CHECK: ok: equal
// CHECK: FAIL: too far: got 1.0000001000000001 want 1 (rel diff 1e-07)
// CHECK: ok: atol near zero
// CHECK: FAIL: nan: got nan want 0
// CHECK: FAIL: bits: got -0 want 0 (not bitwise equal)
// CHECK: ok: bits
// CHECK: ok: rand in range
// CHECK: ok: srand restarts
// CHECK: ok: rand mean near 0
// CHECK: 11 checks, 3 failed
#include "ckcheck.h"

static double sin_at_1(double t, void *ctx)
{
	(void)ctx;
	return sin(1 + t);
}

static double exp2t(double t, void *ctx)
{
	return exp(*(double *)ctx * t);
}

int main(void)
{
	double two = 2, first, sum = 0, lo = 1, hi = -1;
	int i;

	ck_close("d/dt sin(1 + t) = cos 1",
		 ck_richardson(sin_at_1, NULL, CK_FD_H), cos(1.0), 1e-10);
	ck_close("d/dt exp(2t) = 2", ck_richardson(exp2t, &two, CK_FD_H), 2,
		 1e-10);
	ck_close("equal", 3.5, 3.5, 0);
	ck_close("too far", 1.0000001, 1, 1e-8);
	ck_close("atol near zero", 1e-15, 0, 1e-12);
	ck_close("nan", NAN, 0, 1);
	ck_equal_bits("bits", -0.0, 0.0);
	ck_equal_bits("bits", 0.1 + 0.2, 0.1 + 0.2);

	ck_srand(7);
	first = ck_rand();
	for (i = 0; i < 100000; i++) {
		double r = ck_rand();

		sum += r;
		lo = r < lo ? r : lo;
		hi = r > hi ? r : hi;
	}
	ck_check("rand in range", lo >= -1 && hi <= 1 && lo < -0.999 &&
					  hi > 0.999);
	ck_srand(7);
	ck_check("srand restarts", ck_rand() == first);
	ck_check("rand mean near 0", fabs(sum / 100000) < 0.01);
	return ck_done();
}
