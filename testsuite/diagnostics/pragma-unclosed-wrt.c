// wrt( without its ')': the error is just past the last token.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: pragma-unclosed-wrt.c:[[@LINE+1]]:25: error: expected ',' or ')' in wrt(...)
#pragma ck_tangent wrt(x
double f(double x)
{
	return x * x;
}
