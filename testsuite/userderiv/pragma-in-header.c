// A ck_derivative may sit in an included header, before the prototypes
// (Inputs/g-rule.h): calls to g in the main file use it.
// RUN: %ckc -I%S/Inputs %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S/Inputs %S/Inputs/g.c > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include "g-rule.h"

#pragma ck_adjoint wrt(x)
double f(double x)
{
	return g(x, x);
}
// CHECK-LABEL: static void f_bwd(double x, double *x_b, double ret_b){{$}}
// CHECK: g_b(x, &ck_p, x, &ck_p2, ck_a);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	(void)ctx;
	return f(0.7 + t);
}

int main(void)
{
	double xb = 0;
	ck_equal_bits("primal", f_b(0.7, &xb, 1.0), f(0.7));
	ck_close("differences", xb, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
