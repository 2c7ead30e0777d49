// A function used as a value is refused unless it is the argument of a
// function-pointer parameter of a function of the file (which ckc copies
// per function: adjoint/function-pointer.c): passed to an external
// function, kept in a variable, or chosen by ?: as such an argument.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusals in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/function-as-value.c
// RUN: not %ckc %t.adj/function-as-value.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

double apply(double (*g)(double), double v);

static double sq(double v)
{
	return v * v;
}

static double apply_here(double (*g)(double), double v)
{
	return g(v);
}

#pragma ck_tangent wrt(x)
double f(double x)
{
	return apply(sq, x); // CHECK: function-as-value.c:[[@LINE]]:15: error: 'sq' is passed to 'apply', which has no definition in this file, so ckc cannot follow the calls 'apply' makes; do that work outside the differentiated code, or write it in this file
}

#pragma ck_tangent wrt(x)
double g(double x)
{
	double (*h)(double) = sq; // CHECK: function-as-value.c:[[@LINE]]:24: error: a function is supported as a value only as the argument of a function-pointer parameter of a function of the file; call it by name
	return h(x);
}

#pragma ck_tangent wrt(x)
double k(double x, int c)
{
	return apply_here(c ? sq : sq, x); // CHECK: function-as-value.c:[[@LINE]]:20: error: a function-pointer argument must name a function (or pass on such a parameter), so that ckc can differentiate the call
}
