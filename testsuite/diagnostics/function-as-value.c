// A function used as a value is refused unless it is the argument of a
// function-pointer parameter of a function of the file (which ckc copies
// per function: adjoint/function-pointer.c) or what a local variable that
// is only called is set to (adjoint/function-pointer-local.c,
// adjoint/function-pointer-chosen.c): passed to an external function,
// kept in a variable that is also passed on or copied, compared, or chosen
// by ?: as such an argument.
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

static double cube(double v)
{
	return v * v * v;
}

#pragma ck_tangent wrt(x)
double g(double x)
{
	double (*h)(double) = sq; // CHECK: function-as-value.c:[[@LINE]]:11: error: the function-pointer variable 'h' is used otherwise than called and set to functions by name (it is passed on, compared, set from another pointer, or its address is taken), so ckc cannot tell which function each use calls; call the functions by name
	if (x > 1.0)
		h = cube; // CHECK: function-as-value.c:[[@LINE]]:7: error: a function is supported as a value only as the argument of a function-pointer parameter of a function of the file, or as what a local function-pointer variable that is only called is set to; call it by name
	return apply_here(h, x); // CHECK: function-as-value.c:[[@LINE]]:20: error: a function-pointer argument must name a function (or pass on such a parameter), so that ckc can differentiate the call
}

#pragma ck_tangent wrt(x)
double g2(double x, int c)
{
	double (*h)(double) = c ? sq : cube; // CHECK: function-as-value.c:[[@LINE]]:11: error: the function-pointer variable 'h' is used otherwise than called and set to functions by name (it is passed on, compared, set from another pointer, or its address is taken), so ckc cannot tell which function each use calls; call the functions by name
	double (*k)(double) = h; // CHECK: function-as-value.c:[[@LINE]]:11: error: the function-pointer variable 'k' is used otherwise than called and set to functions by name (it is passed on, compared, set from another pointer, or its address is taken), so ckc cannot tell which function each use calls; call the functions by name
	return k(x);
}

#pragma ck_tangent wrt(x)
double g3(double x)
{
	double (*h)(double) = sq;
	return h == sq ? h(x) : x; // CHECK: function-as-value.c:[[@LINE]]:9: error: the function-pointer variable 'h' may only be called or passed to a function-pointer parameter; ckc replaces it by the function it names
}

#pragma ck_tangent wrt(x)
double k(double x, int c)
{
	return apply_here(c ? sq : sq, x); // CHECK: function-as-value.c:[[@LINE]]:20: error: a function-pointer argument must name a function (or pass on such a parameter), so that ckc can differentiate the call
}
