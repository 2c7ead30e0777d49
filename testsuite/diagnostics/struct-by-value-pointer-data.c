// A struct passed by value whose pointer member's data the function
// changes (here through a helper) is refused in reverse mode, at the
// parameter; a change of the struct itself is a local copy instead
// (structs/by-value-changed.c).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
typedef struct {
	int n;
	double *w;
	double a;
} V;

static void scale(double *w, int n, double a)
{
	for (int i = 0; i < n; i++)
		w[i] *= a;
}

#pragma ck_adjoint wrt(v, x)
double f(V v, const double *x) // CHECK: struct-by-value-pointer-data.c:[[@LINE]]:12: error: reverse mode does not support changing the data that the pointer members of struct parameter 'v' (passed by value) point to; pass that data as a pointer parameter
{
	scale(v.w, v.n, x[0]);
	double s = 0.0;
	for (int i = 0; i < v.n; i++)
		s += v.w[i] * x[i] * v.a;
	return s;
}
// CHECK-NOT: error
