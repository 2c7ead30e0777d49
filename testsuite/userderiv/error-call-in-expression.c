// A call with a user-supplied derivative where it cannot become a statement
// of its own (an arm of ?:, the right side of &&) is refused.
// RUN: not %ckc -I%S/Inputs %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include "g.h"
#pragma ck_derivative g wrt(a, b) tangent(g_d) adjoint(g_b)

#pragma ck_adjoint wrt(x)
double f(double x)
{
	double t = x > 0 ? g(x, 1.0) : 0.0; // CHECK: .c:[[@LINE]]:21: error: the call to 'g' cannot be differentiated here; call it in a statement of its own (y = g(...); or g(...);)
	return t;
}
