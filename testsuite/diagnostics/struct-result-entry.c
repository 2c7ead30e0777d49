// A requested function that returns a struct holding floating-point data
// is refused at its request: struct results carry no derivative yet.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c

struct pair {
	double a, b;
};

#pragma ck_adjoint wrt(x) out(y)
// CHECK: struct-result-entry.c:[[@LINE-1]]:9: error: 'f' returns a struct that holds floating-point data, which ckc cannot differentiate yet; return it through a pointer parameter named in out(...)
struct pair f(double x, double *y)
{
	struct pair p;
	p.a = x;
	p.b = x * x;
	*y = p.b;
	return p;
}
