// An integer parameter cannot be active.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/wrt-integer-param.c
// RUN: not %ckc %t.adj/wrt-integer-param.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

// CHECK: wrt-integer-param.c:[[@LINE+1]]:27: error: wrt parameter 'n' has type 'int'; only floating-point scalars, pointers to floating-point data or to rows of it, and structs holding floating-point data can be active
#pragma ck_tangent wrt(x, n)
double f(double x, int n)
{
	return x * n;
}
