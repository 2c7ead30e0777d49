// ++ inside an expression is refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x) out(a)
void f(double x, double *a)
{
	int i = 0;
	a[i++] = x; // CHECK: increment-in-expression.c:[[@LINE]]:4: error: assignment inside an expression is not supported; make it a statement of its own
	a[i] = x;
}
