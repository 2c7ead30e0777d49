// A local recomputed in the reverse sweep (c = b * 3) from another (b = a
// * 2) whose own inputs changed since (a = x): b can no longer be
// recomputed, so neither can c, which is taped.  ckc once forgot b but
// kept c, and stopped with an internal error expanding c.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include <math.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(double x)
{
	double a = sin(x);
	double b = a * 2.0;
	double c = b * 3.0;
	a = x;
	double d = c * c;
	return d + a * b;
}
// CHECK-LABEL: static double f_fwd(double x){{$}}
// CHECK: a = x;
// CHECK-NEXT: ck_p{{[0-9]*}}[1] = c;
// CHECK-NEXT: d = c * c;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t);
}

int main(void)
{
	double x = 0.7, xb = 0, d;
	ck_equal_bits("primal", f_b(x, &xb, 1.0), f(x));
	f_d(x, 1.0, &d);
	ck_close("tangent", xb, d, 1e-12);
	ck_close("differences", xb, ck_richardson(at, &x, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
