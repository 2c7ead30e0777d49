// Variable-length arrays that ckc refuses (adjoint/vla.c has those it
// accepts): a variable inner dimension, integer elements, and sizeof of
// one, in tangent and in reverse mode.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusals in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/vla-local.c
// RUN: not %ckc %t.adj/vla-local.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x, int n)
{
	double tmp[n][n]; // CHECK: vla-local.c:[[@LINE]]:9: error: variable-length arrays are supported with one variable dimension, the first; use a pointer to memory from malloc
	tmp[0][0] = x;
	return tmp[0][0];
}

#pragma ck_tangent wrt(x)
double g(double x, int n)
{
	int k[n]; // CHECK: vla-local.c:[[@LINE]]:6: error: variable-length arrays of integers are not supported; give the array a fixed size (a bound on its length)
	k[0] = 1;
	return x * k[0];
}

#pragma ck_tangent wrt(x)
double h(double x, int n)
{
	double w[n];
	w[0] = x;
	return w[0] * sizeof w; // CHECK: vla-local.c:[[@LINE]]:16: error: sizeof of a variable-length array is not supported
}
