// wrt without its parentheses.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/pragma-malformed-wrt.c
// RUN: not %ckc %t.adj/pragma-malformed-wrt.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

// CHECK: pragma-malformed-wrt.c:[[@LINE+1]]:24: error: expected '(' after 'wrt'
#pragma ck_tangent wrt x
double f(double x)
{
	return x * x;
}
