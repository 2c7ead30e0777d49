// binomial() takes a positive integer (a constant expression) that fits an
// int; a shift in it counts 0 to 62.
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

/* K must fit an int; a shift's count must be 0 to 62 */
#pragma ck_tangent wrt(x)
double g(double x, int n)
{
// CHECK: binomial-not-positive.c:[[@LINE+1]]:32: error: binomial() takes at most 2147483647, not 3000000000
#pragma ck_checkpoint binomial(3000000000)
	for (int i = 0; i < n; i++)
		x = x * 0.5;
	return x;
}

#pragma ck_tangent wrt(x)
double h(double x, int n)
{
// CHECK: binomial-not-positive.c:[[@LINE+1]]:34: error: shift by 63 in binomial(); the count must be 0 to 62
#pragma ck_checkpoint binomial(1 << 63)
	for (int i = 0; i < n; i++)
		x = x * 0.5;
	return x;
}
