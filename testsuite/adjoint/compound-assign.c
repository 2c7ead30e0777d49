// Compound assignments += -= *= /= on an active variable, each reading the
// old value: the reverse sweep gets the values it needs from the tape.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-activity %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(double x, double c)
{
	double s = x;
	s += x * x;
	s -= c * x;
	s *= x + 1.0;
	s /= x * x + c;
	s *= c;
	s /= 2.0;
	return s;
}
// CHECK-LABEL: static double f_fwd(double x, double c){{$}}
// CHECK: [[P:ck_p[0-9]*]] = ck_reserve_d(ck_t, 2);
// CHECK-NEXT: [[P]][0] = s;
// CHECK-NEXT: s *= x + 1.0;
// CHECK-LABEL: static void f_bwd(double x, double *x_b, double c, double ret_b){{$}}
// CHECK: s_b = ck_a{{[0-9]*}} * (x + 1.0);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t, 0.8);
}

int main(void)
{
	for (double x = -1.5; x < 2; x += 0.7) {
		double d, xb = 0;
		ck_equal_bits("primal", f_b(x, &xb, 0.8, 1.0), f(x, 0.8));
		f_d(x, 1.0, 0.8, &d);
		ck_close("dot product", xb, d, 1e-12);
		ck_close("differences", xb, ck_richardson(at, &x, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
