// A scalar overwritten by expressions of itself, and a parameter assigned
// in the body: the adjoint reads the old values from the tape.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-activity %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out
#include <math.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(double x)
{
	x = x * x;
	x = sin(x) + x;
	x = x / (1.0 + x * x);
	return x;
}
// CHECK-LABEL: static double f_fwd(double x){{$}}
// CHECK: [[P:ck_p[0-9]*]] = ck_reserve_d(ck_t, 3);
// CHECK-NEXT: [[P]][0] = x;
// CHECK-NEXT: x = x * x;
// CHECK-LABEL: static void f_bwd(double *x_b, double ret_b){{$}}
// CHECK: *x_b += x_b2;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t);
}

int main(void)
{
	for (double x = -1.2; x < 1.5; x += 0.5) {
		double d, xb = 1.0;
		ck_equal_bits("primal", f_b(x, &xb, 2.0), f(x));
		f_d(x, 1.0, &d);
		ck_close("accumulates: dot product", xb - 1.0, 2.0 * d, 1e-12);
		ck_close("differences", d, ck_richardson(at, &x, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
