// A call whose arguments carry no derivative stays a call of g in every
// mode: no g_d, no g_b for it (the other call, on x, gets them).
// RUN: %ckc -I%S/Inputs %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S/Inputs %S/Inputs/g.c > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include "g.h"
#pragma ck_derivative g wrt(a, b) tangent(g_d) adjoint(g_b) hvp(g_b_d)

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(double x, double c)
{
	double k = g(c, 3.0);
	return k * g(x, x);
}
// CHECK-LABEL: double f_d(double x, double x_d, double c, double *ret_d)
// CHECK: double k = g(c, 3.0);
// CHECK-LABEL: static double f_fwd(double x, double c){{$}}
// CHECK: k = g(c, 3.0);
// CHECK-LABEL: static void f_bwd(double x, double *x_b, double c, double ret_b){{$}}
// CHECK: g_b(x, &ck_p, x, &ck_p2, ck_a);
// CHECK-NOT: g_b(
// CHECK-LABEL: static double f_fwd_d(double x, double x_d, double c){{$}}
// CHECK: k = g(c, 3.0);
// CHECK-NOT: g_b_d(c
// CHECK-NOT: g_d(c

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	(void)ctx;
	return f(0.6 + t, 1.5);
}

int main(void)
{
	double xb = 0, d;
	ck_equal_bits("primal", f_b(0.6, &xb, 1.5, 1.0), f(0.6, 1.5));
	f_d(0.6, 1.0, 1.5, &d);
	ck_close("tangent = adjoint", xb, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
