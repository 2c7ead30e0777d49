// wrt without its parentheses.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

// CHECK: pragma-malformed-wrt.c:[[@LINE+1]]:24: error: expected '(' after 'wrt'
#pragma ck_tangent wrt x
double f(double x)
{
	return x * x;
}
