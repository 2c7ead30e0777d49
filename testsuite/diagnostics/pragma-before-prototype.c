// A prototype is not a definition.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: pragma-before-prototype.c:[[@LINE+1]]:9: error: '#pragma ck_tangent' must be followed by a function definition
#pragma ck_tangent wrt(x)
double f(double x);

double f(double x)
{
	return x * x;
}
