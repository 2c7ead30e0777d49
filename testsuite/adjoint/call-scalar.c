// Calls to functions of the same file: nested in expressions (hoisted),
// g(h(x)), initializers and assignments.  Each callee is split into a
// forward and a reverse part (split mode).
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

static double sq(double v)
{
	return v * v;
}

double poly(double v, double c)
{
	return c * v * v * v + sq(v);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(double x)
{
	double a = sq(x);
	double b;
	b = poly(a, 2.0);
	return 3.0 * sq(sin(x)) + poly(sq(x), a) - b;
}
// CHECK-LABEL: static double f_fwd(double x){{$}}
// CHECK: a = sq_fwd(x);
// CHECK: b = poly_fwd(a, 2.0);
// CHECK-LABEL: static void f_bwd(double x, double *x_b, double ret_b){{$}}
// CHECK: poly_bwd2(
// CHECK: sq_bwd(
// CHECK-LABEL: static double sq_fwd(double v){{$}}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t);
}

int main(void)
{
	for (double x = -1.1; x < 1.5; x += 0.45) {
		double d, xb = 0;
		ck_equal_bits("primal", f_b(x, &xb, 1.0), f(x));
		f_d(x, 1.0, &d);
		ck_close("dot product", xb, d, 1e-12);
		ck_close("differences", xb, ck_richardson(at, &x, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
