// A clang error inside a macro expansion comes with clang's note.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/syntax-error-in-macro.c
// RUN: not %ckc %t.adj/syntax-error-in-macro.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

#define TWICE(v) ((v) +* 2)

#pragma ck_tangent wrt(x)
double f(double x)
{
	return TWICE(x); // CHECK: syntax-error-in-macro.c:[[@LINE]]:9: error: indirection requires pointer operand ('int' invalid)
}
// CHECK-NEXT: syntax-error-in-macro.c:10:24: note: expanded from macro 'TWICE'
