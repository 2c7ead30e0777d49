// A call with a user-supplied derivative in an arm of ?: (t = x > 0 ?
// g(x, 1.0) : x * x): the arm C runs becomes a statement of its own, so
// the user's g_d and g_b run only when g does.  It was refused.
//   f(x) = g(x, 1) (x > 0), x^2 (x <= 0), times x;  g(a, b) = a sin(b).
// RUN: %ckc -I%S/Inputs %s -o %t.c
// RUN: %ckc-run %t.c %s %t -I%S/Inputs %S/Inputs/g.c > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include "g.h"

#pragma ck_derivative g wrt(a, b) tangent(g_d) adjoint(g_b)

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(double x)
{
	double t = x > 0 ? g(x, 1.0) : x * x;
	return t * x;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t);
}

int main(void)
{
	double pts[2] = {0.7, -0.6};
	for (int k = 0; k < 2; k++) {
		double x = pts[k], d, b = 0.0;
		int before = g_calls;
		ck_equal_bits("primal", f_d(x, 1.0, &d), f(x));
		ck_close("f_d against differences", d,
			 ck_richardson(at, &x, CK_FD_H), 1e-8);
		ck_equal_bits("f_b returns f", f_b(x, &b, 1.0), f(x));
		ck_close("f_b against f_d", b, d, 1e-12);
		/* g_d and g_b ran only where g runs */
		ck_check("derivatives of g only where g runs",
			 g_calls - before == (x > 0 ? 2 : 0));
	}
	return ck_done();
}
#endif
