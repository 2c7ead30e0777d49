// A derivative pragma inside a function body.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

double f(double x)
{
// CHECK: pragma-inside-function.c:[[@LINE+1]]:9: error: '#pragma ck_tangent' must be followed by a function definition
#pragma ck_tangent wrt(x)
	return x * x;
}
