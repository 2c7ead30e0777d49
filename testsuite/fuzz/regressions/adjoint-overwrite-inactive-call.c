// An active scalar overwritten by the result of a call that is inactive
// (its arguments do not depend on wrt): the reverse sweep must zero the
// scalar's adjoint at the overwrite, since the old value no longer reaches
// the result.  f_b keeps it, so ds/ds comes out as 1 where f does not
// depend on s at all (f_d says 0): a silent wrong gradient.
// Found by the fuzzer (run.py --seed 2 --modes tangent,adjoint, kernel 91).
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: 0 failed

static double g(double a)
{
	return 2.0 * a;
}

#pragma ck_tangent wrt(s)
#pragma ck_adjoint wrt(s)
double f(const double *x, double s)
{
	s = g(x[1]);
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	double x[2] = {0.3, -0.4}, d, sb = 0.0;
	ck_equal_bits("primal", f_b(x, 0.37, &sb, 1.0), f(x, 0.37));
	f_d(x, 0.37, 1.0, &d);
	ck_close("tangent", d, 0.0, 1e-12);
	ck_close("adjoint", sb, 0.0, 1e-12);
	return ck_done();
}
#endif
