// GNU statement expressions are refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/statement-expression.c
// RUN: not %ckc %t.adj/statement-expression.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	return ({ double t = x * x; t; }); // CHECK: statement-expression.c:[[@LINE]]:9: error: statement expressions are not supported
}
