// A global pointer set to point to active data (gp = x, in f or in a
// helper, also to a local array that later holds active values) is
// refused at the store: the derivative code would read through the
// global, which has no derivatives, and drop those terms.
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c
// The same in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/global-pointer-to-active.c
// RUN: bash -c '%ckc %t.adj/global-pointer-to-active.c -o %t.adj/out.c 2> %t.adj/err; test $? -eq 1'
// RUN: FileCheck %s < %t.adj/err
// RUN: test ! -e %t.adj/out.c

const double *gp;
double *gq;

static void bind(const double *v)
{
	gp = v; // CHECK-DAG: global-pointer-to-active.c:[[@LINE]]:2: error: this points the global 'gp' to active data, which ckc does not support: the derivative code would read through the global, which has no derivatives; pass the pointer as a parameter
}

static double first(void)
{
	return gp[0];
}

#pragma ck_tangent wrt(x)
double f(const double *x)
{
	bind(x);
	return first() * x[1];
}

#pragma ck_tangent wrt(x)
double g(const double *x)
{
	double loc[2];
	gq = loc; // CHECK-DAG: global-pointer-to-active.c:[[@LINE]]:2: error: this points the global 'gq' to active data, which ckc does not support: the derivative code would read through the global, which has no derivatives; pass the pointer as a parameter
	loc[0] = x[0] * x[1];
	return gq[0];
}
// CHECK-NOT: error:
