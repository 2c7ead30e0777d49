// A call through a function pointer is refused.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/function-pointer-call.c
// RUN: not %ckc %t.adj/function-pointer-call.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x, double (*g)(double))
{
	return 2.0 * g(x); // CHECK: function-pointer-call.c:[[@LINE]]:15: error: call through a function pointer is not supported
}
