// long double data is refused where it is used, once per variable.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/long-double.c
// RUN: not %ckc %t.adj/long-double.c -o %t.adj/out.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	long double acc = x; // CHECK: long-double.c:[[@LINE]]:14: error: 'acc' has type 'long double', which ckc does not differentiate through; use double
	return (double)acc;
}
