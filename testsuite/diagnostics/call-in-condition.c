// A call that needs a derivative inside a ?: arm cannot be hoisted.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/call-in-condition.c
// RUN: not %ckc %t.adj/call-in-condition.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

static double sq(double v)
{
	return v * v;
}

#pragma ck_tangent wrt(x)
double f(double x)
{
	return x > 0 ? sq(x) : x; // CHECK: call-in-condition.c:[[@LINE]]:17: error: the call to 'sq' cannot be differentiated here (in a condition, a ?: arm, or the right side of && or ||); assign its result to a variable in a statement of its own
}
