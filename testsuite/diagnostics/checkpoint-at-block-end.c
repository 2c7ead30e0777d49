// A checkpoint pragma with no statement after it.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/checkpoint-at-block-end.c
// RUN: not %ckc %t.adj/checkpoint-at-block-end.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x) out(y)
void f(double x, double *y)
{
	*y = x * x;
// CHECK: checkpoint-at-block-end.c:[[@LINE+1]]:9: error: '#pragma ck_checkpoint' must be followed by a statement
#pragma ck_checkpoint
}
