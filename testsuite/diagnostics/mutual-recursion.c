// Recursion through another function is refused at the call that closes
// the cycle.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/mutual-recursion.c
// RUN: not %ckc %t.adj/mutual-recursion.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

double odd(double x, int n);

static double even(double x, int n)
{
	return n == 0 ? x : odd(x, n - 1);
}

double odd(double x, int n)
{
	return n == 0 ? 1.0 : x * even(x, n - 1); // CHECK: mutual-recursion.c:[[@LINE]]:28: error: recursive call to 'even' is not supported
}

#pragma ck_tangent wrt(x)
double f(double x)
{
	return even(x, 4);
}
