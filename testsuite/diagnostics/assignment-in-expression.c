// An assignment used as a value is refused (a chain of plain assignments
// as a statement, y = z = x, is not: tangent/chained-assignment.c).
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
	double y, z;
	y = (z = x * x) + 1.0; // CHECK: assignment-in-expression.c:[[@LINE]]:7: error: assignment inside an expression is not supported; make it a statement of its own
	return y + z;
}
