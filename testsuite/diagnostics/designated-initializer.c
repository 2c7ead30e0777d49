// Designated initializers (structs/designated-init.c) are refused where
// ckc would have to guess: an element or member set twice, an
// initializer without a designator after one that reached into a row,
// and a row without its braces.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusals in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/designated-initializer.c
// RUN: not %ckc %t.adj/designated-initializer.c -o %t.adj/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.adj/out.c

typedef struct {
	double a, b;
} pair;

#pragma ck_tangent wrt(x)
double twice(double x)
{
	double w[3] = {[2] = 1.0, [1] = x, x}; // CHECK: designated-initializer.c:[[@LINE]]:37: error: this initializer sets an element that an earlier one of the list set; ckc supports each once
	return w[2] * x;
}

#pragma ck_tangent wrt(x)
double member_twice(double x)
{
	pair p = {.b = x, .a = 1, 2}; // CHECK: designated-initializer.c:[[@LINE]]:28: error: this initializer sets a member or element that an earlier one of the list set; ckc supports each once
	return p.a * p.b;
}

#pragma ck_tangent wrt(x)
double after_row(double x)
{
	double m[2][2] = {[0][1] = x, 3}; // CHECK: designated-initializer.c:[[@LINE]]:32: error: give this initializer its own designator: the one before it reached into a row
	return m[0][1] * m[1][0];
}

#pragma ck_tangent wrt(x)
double no_braces(double x)
{
	double m[2][2] = {[1] = x}; // CHECK: designated-initializer.c:[[@LINE]]:20: error: give each row of a designated initializer its braces
	return m[1][0];
}
