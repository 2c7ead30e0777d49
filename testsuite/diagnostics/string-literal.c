// String literals are refused in converted code.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/string-literal.c
// RUN: not %ckc %t.adj/string-literal.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

int lookup(const char *name);

#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * lookup("scale"); // CHECK: string-literal.c:[[@LINE]]:20: error: string literals are not supported in differentiated code
}
