// Designated initializers are refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	double w[3] = {[2] = 1.0}; // CHECK: designated-initializer.c:[[@LINE]]:17: error: designated initializers are not supported
	return w[2] * x;
}
