// A checkpoint pragma at file scope.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/checkpoint-outside-function.c
// RUN: not %ckc %t.adj/checkpoint-outside-function.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

// CHECK: checkpoint-outside-function.c:[[@LINE+1]]:9: error: '#pragma ck_checkpoint' must be inside a function body
#pragma ck_checkpoint
#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * x;
}
