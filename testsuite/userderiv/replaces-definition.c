// A ck_derivative on a function the file defines replaces ckc's own
// derivative of it: calls to h use the hand-written h_d and h_b (which
// count their calls), and ckc writes no derivative of h.
//   h(a) = log(1 + exp(a)) (softplus), h'(a) = 1 / (1 + exp(-a)).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

double h(double a)
{
	return log(1.0 + exp(a));
}

#pragma ck_derivative h wrt(a) tangent(h_d) adjoint(h_b)
double h_d(double a, double a_d, double *ret_d);
double h_b(double a, double *a_b, double ret_b);

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(double x)
{
	double y = h(x * x);
	return y * h(-x);
}
// CHECK-NOT: h_fwd
// CHECK-NOT: h_bwd
// CHECK-LABEL: double f_d(double x, double x_d, double *ret_d)
// CHECK: double y = h_d(x * x, 2.0 * (x_d * x), &y_d);
// CHECK-LABEL: static double f_fwd(double x){{$}}
// CHECK: y = h(x * x);
// CHECK-LABEL: static void f_bwd(double x, double *x_b, double ret_b){{$}}
// CHECK: h_b(-x, &ck_p2, ck_a2);
// CHECK: h_b(x * x, &ck_p, ck_a);
// CHECK-NOT: h_fwd
// CHECK-NOT: h_bwd

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static int calls;

static double sigmoid(double a)
{
	return 1.0 / (1.0 + exp(-a));
}

double h_d(double a, double a_d, double *ret_d)
{
	calls++;
	*ret_d = sigmoid(a) * a_d;
	return h(a);
}

double h_b(double a, double *a_b, double ret_b)
{
	calls++;
	if (a_b)
		*a_b += ret_b * sigmoid(a);
	return h(a);
}

static double x0 = 0.9, vx = -0.4;

static double at(double t, void *ctx)
{
	(void)ctx;
	return f(x0 + t * vx);
}

int main(void)
{
	double xb = 0, d;
	ck_equal_bits("primal (tangent)", f_d(x0, vx, &d), f(x0));
	ck_equal_bits("primal (adjoint)", f_b(x0, &xb, 1.0), f(x0));
	ck_check("the hand-written derivatives ran, twice each", calls == 4);
	ck_close("dot product", xb * vx, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
