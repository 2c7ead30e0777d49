// The comma operator inside an expression is refused, except when its
// left operand is one assignment that moves ahead of the statement, as
// f2c writes ABS: (d1 = x[i], abs(d1)) (adjoint/comma-assign.c).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/comma-operator.c
// RUN: not %ckc %t.adj/comma-operator.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	double a, b;
	double y = (a = x * 2.0, b = x, a + b); // CHECK: comma-operator.c:[[@LINE]]:14: error: the comma operator is not supported here; split it into separate statements
	return y;
}
