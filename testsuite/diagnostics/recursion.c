// A function that calls itself is refused at the call.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/recursion.c
// RUN: not %ckc %t.adj/recursion.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x, int n)
{
	if (n == 0)
		return x;
	return x * f(x, n - 1); // CHECK: recursion.c:[[@LINE]]:13: error: recursive call to 'f' is not supported
}
