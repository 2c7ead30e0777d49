// Active data handed on through a pointer whose type holds no floating-
// point data (void *, char *): a callback's context parameter, a local
// void pointer, bytes walked with a char pointer.  ckc follows no
// derivative through such a pointer, so it refuses each one instead of
// dropping the derivative, and says to give the pointer the type of the
// data it points to.  (Errors come mode by mode: tangents first.)
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <math.h>

static double prod(const void *ctx)
{
	const double *p = ctx;
	return p[0] * p[1];
}

#pragma ck_tangent wrt(x)
double context(const double *x)
{
	return prod(x); // CHECK: void-pointer-active.c:[[@LINE]]:14: error: this argument points to active data, but parameter 'ctx' of 'prod' holds no floating-point data (a void or char pointer), through which ckc follows no derivatives; give the parameter the type of the data it points to
}

#pragma ck_tangent wrt(x)
double local(const double *x)
{
	const void *v = x; // CHECK: void-pointer-active.c:[[@LINE]]:14: error: 'v' points to active data here, but its type holds no floating-point data (a void or char pointer), through which ckc follows no derivatives; give it the type of the data it points to
	const double *p = v;
	return p[0] * p[1];
}

typedef struct {
	double a, b;
} par;

static double integrand(double t, void *params)
{
	const par *p = params;
	return exp(-p->a * t) * sin(p->b * t);
}

static double simpson(double (*g)(double, void *), void *params, int n)
{
	double h = 1.0 / n, s = g(0.0, params) + g(1.0, params);
	for (int i = 1; i < n; i++)
		s += (i % 2 ? 4.0 : 2.0) * g(i * h, params);
	return s * h / 3.0;
}

#pragma ck_adjoint wrt(theta)
double callback(const double *theta)
{
	par p = { theta[0], theta[1] };
	return simpson(integrand, &p, 8); // CHECK: void-pointer-active.c:[[@LINE]]:28: error: this argument points to active data, but parameter 'params' of 'simpson' holds no floating-point data (a void or char pointer), through which ckc follows no derivatives; give the parameter the type of the data it points to
}

#pragma ck_hvp wrt(x)
double bytes(const double *x)
{
	const char *b;
	b = (const char *)x; // CHECK: void-pointer-active.c:[[@LINE]]:2: error: 'b' points to active data here, but its type holds no floating-point data (a void or char pointer), through which ckc follows no derivatives; give it the type of the data it points to
	const double *p = (const double *)(b + sizeof(double));
	return p[0] * x[0];
}
