// A call through a function pointer that no call binds to a function
// (here a parameter of the differentiated function itself) is refused.
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
	return 2.0 * g(x); // CHECK: function-pointer-call.c:[[@LINE]]:15: error: a call through a function pointer is supported only through a parameter of a function that ckc reaches by calls, each passing a function by name (ckc copies it per function), or through a local variable that names one; call the function by name
}
