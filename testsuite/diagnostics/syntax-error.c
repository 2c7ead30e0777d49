// clang's own errors are reported in clang's form, and nothing else runs.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * ; // CHECK: syntax-error.c:[[@LINE]]:13: error: expected expression
}
// CHECK-NOT: error
