// GNU statement expressions are refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	return ({ double t = x * x; t; }); // CHECK: statement-expression.c:[[@LINE]]:9: error: statement expressions are not supported
}
