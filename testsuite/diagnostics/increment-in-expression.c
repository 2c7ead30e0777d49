// ++ inside an expression is refused where moving it out of the statement
// could change what the statement does: the variable is read elsewhere in
// it (a[i++] = x * i, unsequenced in C), or the increment is conditional
// (inside ?:).  adjoint/increment-in-statement.c and pointer-increment.c
// have the forms ckc takes.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/increment-in-expression.c
// RUN: not %ckc %t.adj/increment-in-expression.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x) out(a)
void f(double x, double *a)
{
	int i = 0;
	a[i++] = x * i; // CHECK: increment-in-expression.c:[[@LINE]]:4: error: this increment (or decrement) is not supported here: ckc moves one out of an expression only where C runs it on every evaluation, or where later operands of a loop's && condition or an if's && and || condition hold it, and nothing else in the expression reads its variable; make it a statement of its own
	a[i] = x;
}

#pragma ck_tangent wrt(x) out(a)
void g(double x, double *a)
{
	int j = 0;
	a[0] = x > 0.0 ? a[j++] * x : x; // CHECK: increment-in-expression.c:[[@LINE]]:21: error: this increment (or decrement) is not supported here: ckc moves one out of an expression only where C runs it on every evaluation, or where later operands of a loop's && condition or an if's && and || condition hold it, and nothing else in the expression reads its variable; make it a statement of its own
	a[j] = x;
}
