// Reverse mode: two arguments of a call with a user-supplied derivative
// may point into the same data, which the call writes; the copy ckc would
// hand the user's adjoint would not alias the other argument as in the
// call: refused.
// RUN: not %ckc -I%S/Inputs %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include "upd.h"
#pragma ck_derivative upd wrt(a, x, y) out(y) tangent(upd_d) adjoint(upd_b)

#pragma ck_adjoint wrt(x, a)
double f(const double *x, double a)
{
	double y[3] = {1.0, 2.0, 3.0};
	double *p = y;
	y[0] = x[0];
	upd(3, a, p, y); // CHECK: .c:[[@LINE]]:12: error: arguments 3 and 4 of 'upd' may point into the same data, which 'upd' writes; its user-supplied adjoint cannot be given that data as the call saw it; pass separate arrays
	return y[0];
}
