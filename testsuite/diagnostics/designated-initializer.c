// Designated initializers are refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/designated-initializer.c
// RUN: not %ckc %t.adj/designated-initializer.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	double w[3] = {[2] = 1.0}; // CHECK: designated-initializer.c:[[@LINE]]:17: error: designated initializers are not supported
	return w[2] * x;
}
