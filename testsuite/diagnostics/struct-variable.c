// A variable of struct type is refused at its declaration.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

struct pair {
	double a, b;
};

#pragma ck_tangent wrt(x)
double f(double x, struct pair p) // CHECK: struct-variable.c:[[@LINE]]:32: error: struct types are not supported
{
	return x * 2.0;
}
