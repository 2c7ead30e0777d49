// Using a function as a value (a callback) is refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/function-as-value.c
// RUN: not %ckc %t.adj/function-as-value.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

double apply(double (*g)(double), double v);

static double sq(double v)
{
	return v * v;
}

#pragma ck_tangent wrt(x)
double f(double x)
{
	return apply(sq, x); // CHECK: function-as-value.c:[[@LINE]]:15: error: function pointers are not supported
}
