// A function returning a struct is refused where its result is used:
// derivatives of struct results are not supported yet.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// The same refusal in reverse mode:
// RUN: rm -rf %t.adj && mkdir -p %t.adj
// RUN: sed 's/ck_tangent/ck_adjoint/' %s > %t.adj/struct-result.c
// RUN: not %ckc %t.adj/struct-result.c -o %t.adj/out.c 2>&1 | FileCheck %s
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
	struct pair p = make(x); // CHECK: struct-result.c:[[@LINE]]:14: error: a function returning a struct is not supported yet; pass a pointer to the struct to fill instead
	return p.a * q->b;
}
