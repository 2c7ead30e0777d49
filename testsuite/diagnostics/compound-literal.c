// Compound literals are refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/compound-literal.c
// RUN: not %ckc %t.adj/compound-literal.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

double sum(const double *v, int n);

#pragma ck_tangent wrt(x)
double f(double x)
{
	return sum((double[]){x, 2.0 * x}, 2); // CHECK: compound-literal.c:[[@LINE]]:13: error: compound literals are not supported
}
