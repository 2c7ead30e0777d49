// An unknown clause, at the clause.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: pragma-unexpected-clause.c:[[@LINE+1]]:27: error: unexpected 'foo' in ck_tangent pragma
#pragma ck_tangent wrt(x) foo(y)
double f(double x)
{
	return x * x;
}
