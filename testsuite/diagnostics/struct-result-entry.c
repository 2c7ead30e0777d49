// A requested function that returns a struct holding floating-point data
// gets derivatives that return it too (structs/struct-result.c), except in
// vector mode, which is refused at its request: nd copies of the result
// would not fit the signature.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

struct pair {
	double a, b;
};

#pragma ck_tangent wrt(x) out(y) vector
// CHECK: struct-result-entry.c:[[@LINE-1]]:9: error: vector mode does not take a struct result ('f' returns one); return it through a pointer parameter named in out(...)
struct pair f(double x, double *y)
{
	struct pair p;
	p.a = x;
	p.b = x * x;
	*y = p.b;
	return p;
}
