// A helper that stores active data through its view of a void *
// parameter (double *p = (double *)params; p[0] = x[0]) is refused at the
// store, in every mode: the caller passes that data without derivatives.
// (Reading constants through such a view is accepted:
// adjoint/void-params-local-cast.c.)
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_hvp/' %s > %t.adj/void-params-store-active.c
// RUN: bash -c '%ckc %t.adj/void-params-store-active.c -o %t.adj/out.c 2> %t.adj/err; test $? -eq 1'
// RUN: FileCheck %s < %t.adj/err
// RUN: test ! -e %t.adj/out.c

static void put(const double *x, void *params)
{
	double *p = (double *)params;
	p[0] = x[0]; // CHECK: void-params-store-active.c:[[@LINE]]:2: error: a derivative would flow into the data behind 'params', whose type holds no floating-point data (a void or char pointer), through which ckc follows no derivatives; give the parameter the type of the data it points to
}

#pragma ck_tangent wrt(x)
double f(const double *x)
{
	double par[1] = {1.0};
	put(x, par);
	return par[0] * x[0];
}
// CHECK-NOT: error:
