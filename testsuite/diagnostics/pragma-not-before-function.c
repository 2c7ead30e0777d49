// A derivative pragma followed by something other than a function
// definition.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: pragma-not-before-function.c:[[@LINE+1]]:9: error: '#pragma ck_tangent' must be followed by a function definition
#pragma ck_tangent wrt(x)
static const double scale = 2.0;

double f(double x)
{
	return scale * x;
}
