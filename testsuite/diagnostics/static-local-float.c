// A floating-point static local is refused (its value would carry over
// between calls without a derivative).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/static-local-float.c
// RUN: not %ckc %t.adj/static-local-float.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	static int calls;
	static double last; // CHECK: static-local-float.c:[[@LINE]]:16: error: static local 'last' is not supported
	calls++;
	last = x;
	return x * x;
}
// CHECK-NOT: calls
