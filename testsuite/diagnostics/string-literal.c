// String literals are refused in converted code.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

int lookup(const char *name);

#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * lookup("scale"); // CHECK: string-literal.c:[[@LINE]]:20: error: string literals are not supported in differentiated code
}
