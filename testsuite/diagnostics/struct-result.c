// A struct result that is not stored into a variable is refused: ckc
// makes the function fill a struct through a pointer (structs/results.c),
// so the result needs a place.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/struct-result.c
// RUN: not %ckc %t.adj/struct-result.c -o %t.adj/out.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.adj/out.c

struct pair {
	double a, b;
};

static struct pair make(double x)
{
	struct pair p;
	p.a = x;
	p.b = 2.0 * x;
	return p;
}

#pragma ck_tangent wrt(x)
double f(double x, const struct pair *q)
{
	return make(x).a * q->b; // CHECK: struct-result.c:[[@LINE]]:9: error: member access into a struct value that is not a variable (a call's result, ...) is not supported; store it in a variable first
}
