// A name given twice in wrt().
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/wrt-duplicate.c
// RUN: not %ckc %t.adj/wrt-duplicate.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

// CHECK: wrt-duplicate.c:[[@LINE+1]]:27: error: 'x' is named twice in wrt(...)
#pragma ck_tangent wrt(x, x)
double f(double x)
{
	return x * x;
}
