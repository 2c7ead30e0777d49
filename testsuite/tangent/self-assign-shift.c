// A variable set from itself plus a constant, or through a function whose
// derivative in it is 1 (d = d - 0.5 * L with L inactive, d = fmod(d, L),
// d = +d, the periodic wrap of molecular dynamics and climate codes): its
// tangent is itself, and ckc wrote d_d = d_d; in f_d, f_b_d's forward
// sweep and f_dv (ck_d_dv = ck_d_dv;), which clang's -Wself-assign stops
// under -Werror.  Such statements are left out.  Checked against
// differences, and f_dv and f_b_d against f_d, under gcc and clang.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// CHECK-NOT: {{([a-z_]+) = \1;}}
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#pragma ck_tangent wrt(d)
#pragma ck_tangent wrt(d) vector
#pragma ck_hvp wrt(d)
double wrap(double d, double L)
{
	d = d - 0.5 * L;
	d = fmod(d, L);
	d = +d;
	return d * d * sin(d);
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return wrap(*(const double *)ctx + t, 1.5);
}

int main(void)
{
	volatile double base = 2.3; /* (no constant folding of fmod) */
	double d = base, yd = 0.0, ydv[2], ddv[2] = { 1.0, -0.5 }, db = 0.0,
	       dbd = 0.0;
	double y = wrap_d(d, 1.0, 1.5, &yd);
	ck_equal_bits("primal of wrap_d", y, wrap(d, 1.5));
	ck_close("wrap_d against differences", yd,
		 ck_richardson(at, &d, CK_FD_H), 1e-8);
	ck_equal_bits("primal of wrap_dv", wrap_dv(d, ddv, 1.5, 2, ydv), y);
	ck_equal_bits("wrap_dv direction 0", ydv[0], yd);
	ck_equal_bits("wrap_dv direction 1", ydv[1], -0.5 * yd);
	ck_equal_bits("primal of wrap_b_d",
		      wrap_b_d(d, 1.0, &db, &dbd, 1.5, 1.0, 0.0), y);
	ck_equal_bits("wrap_b_d's gradient is wrap_d's", db, yd);
	return ck_done();
}
#endif
