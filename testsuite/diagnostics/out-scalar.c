// out() of a scalar parameter is refused: a callee's write to it is lost.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/out-scalar.c
// RUN: not %ckc %t.adj/out-scalar.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

// CHECK: out-scalar.c:[[@LINE+1]]:31: error: out parameter 'y' must be a pointer to non-const floating-point data
#pragma ck_tangent wrt(x) out(y)
double f(double x, double y)
{
	return x * y;
}
