// A variable of union type is refused at its declaration, with what to
// use instead (a struct, or math.h's functions to inspect a double).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/union.c
// RUN: not %ckc %t.adj/union.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

union bits {
	double d;
	unsigned long u;
};

#pragma ck_tangent wrt(x)
double f(double x)
{
	union bits b; // CHECK: union.c:[[@LINE]]:13: error: union types are not supported: ckc cannot tell which member holds the value; use a struct, or math.h's signbit, isnan, frexp ... to inspect a double
	b.d = x;
	return x;
}
