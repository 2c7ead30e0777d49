// clang's own errors are reported in clang's form, and nothing else runs.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/syntax-error.c
// RUN: not %ckc %t.adj/syntax-error.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * ; // CHECK: syntax-error.c:[[@LINE]]:13: error: expected expression
}
// CHECK-NOT: error
