// wrt( without its ')': the error is just past the last token.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/pragma-unclosed-wrt.c
// RUN: not %ckc %t.adj/pragma-unclosed-wrt.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

// CHECK: pragma-unclosed-wrt.c:[[@LINE+1]]:25: error: expected ',' or ')' in wrt(...)
#pragma ck_tangent wrt(x
double f(double x)
{
	return x * x;
}
