// A math function without a derivative rule (nextafter) is fine on
// inactive values and refused on active ones.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/no-rule-active.c
// RUN: not %ckc %t.adj/no-rule-active.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c
#include <math.h>

#pragma ck_tangent wrt(x)
double f(double x, double c)
{
	double k = nextafter(c, 2.0) + floor(c);
	return k * nextafter(x, 2.0); // CHECK: no-rule-active.c:[[@LINE]]:13: error: no derivative rule for 'nextafter'; it may only be called on inactive values
}
// CHECK-NOT: error
