// A call with a user-supplied derivative where it cannot become a statement
// of its own (a for loop's increment) is refused.  In an arm of a ?: it
// runs in a test of its own: call-in-conditional.c.
// RUN: not %ckc -I%S/Inputs %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include "g.h"
#pragma ck_derivative g wrt(a, b) tangent(g_d) adjoint(g_b)

#pragma ck_adjoint wrt(x)
double f(double x)
{
	double t = 0.0;
	for (int i = 0; i < 3; t = t + g(x, 1.0)) // CHECK: .c:[[@LINE]]:33: error: the call to 'g' cannot be differentiated here; call it in a statement of its own (y = g(...); or g(...);)
		i++;
	return t;
}
