// binomial() takes a positive integer (a constant expression).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/binomial-not-positive.c
// RUN: not %ckc %t.adj/binomial-not-positive.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x, int n)
{
// CHECK: binomial-not-positive.c:[[@LINE+1]]:32: error: binomial() takes a positive integer
#pragma ck_checkpoint binomial(0)
	for (int i = 0; i < n; i++)
		x = x * 0.5;
	return x;
}
