// A function returning void must name its outputs; the error is at the
// pragma.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/void-without-out.c
// RUN: not %ckc %t.adj/void-without-out.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

// CHECK: void-without-out.c:[[@LINE+1]]:9: error: 'f' returns 'void'; name its outputs with out(...)
#pragma ck_tangent wrt(x)
void f(double x, double *y)
{
	*y = x * x;
}
