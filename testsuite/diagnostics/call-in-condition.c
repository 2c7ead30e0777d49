// A call that needs a derivative where ckc cannot move it into a
// statement of its own (a for loop's increment) is refused.  Calls in an
// arm of a floating ?: and right of && or || are moved into tests of
// their own: adjoint/call-in-conditional.c.
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
	double s = 0.0;
	for (int i = 0; i < 3; s = s + sq(x)) // CHECK: call-in-condition.c:[[@LINE]]:33: error: the call to 'sq' cannot be differentiated here, where ckc cannot move it into a statement of its own (a for loop's increment, an arm of a ?: of integers or pointers); assign its result to a variable in a statement of its own
		i++;
	return s;
}
// CHECK-NOT: error
