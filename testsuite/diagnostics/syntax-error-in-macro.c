// A clang error inside a macro expansion comes with clang's note.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#define TWICE(v) ((v) +* 2)

#pragma ck_tangent wrt(x)
double f(double x)
{
	return TWICE(x); // CHECK: syntax-error-in-macro.c:[[@LINE]]:9: error: indirection requires pointer operand ('int' invalid)
}
// CHECK-NEXT: syntax-error-in-macro.c:5:24: note: expanded from macro 'TWICE'
