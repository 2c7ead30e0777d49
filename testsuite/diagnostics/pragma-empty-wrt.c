// wrt() with no name.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: pragma-empty-wrt.c:[[@LINE+1]]:24: error: expected a parameter name in wrt(...)
#pragma ck_tangent wrt()
double f(double x)
{
	return x * x;
}
