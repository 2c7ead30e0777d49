// An assignment used as a value is refused, except as the value of
// another assignment (adjoint/assignment-chain.c).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/assignment-in-expression.c
// RUN: not %ckc %t.adj/assignment-in-expression.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	double y = 0.0;
	if ((y = x * x) > 1.0) // CHECK: assignment-in-expression.c:[[@LINE]]:7: error: assignment inside an expression is not supported; make it a statement of its own
		y = 1.0;
	return y;
}
