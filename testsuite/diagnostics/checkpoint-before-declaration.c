// A declaration cannot be a checkpoint region (its variable would be
// scoped to the region).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/checkpoint-before-declaration.c
// RUN: not %ckc %t.adj/checkpoint-before-declaration.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#pragma ck_tangent wrt(x)
double f(double x)
{
// CHECK: checkpoint-before-declaration.c:[[@LINE+1]]:9: error: '#pragma ck_checkpoint' must be followed by a statement, not a declaration
#pragma ck_checkpoint
	double y = x * x;
	return y;
}
