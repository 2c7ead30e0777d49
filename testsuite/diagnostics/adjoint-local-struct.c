// Reverse mode refuses local struct variables, once, at the declaration
// (tangent mode supports them: structs/locals-tangent.c).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

struct pair {
	double a, b;
};

#pragma ck_adjoint wrt(x, q)
double f(double x, const struct pair *q)
{
	struct pair p = *q; // CHECK: adjoint-local-struct.c:[[@LINE]]:14: error: the reverse mode does not support local struct variables yet ('p'); use separate variables, or let the caller pass the struct by pointer
	p.a *= x;
	return p.a * p.b;
}
