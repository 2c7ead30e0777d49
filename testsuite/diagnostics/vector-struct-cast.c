// Vector mode's shadow of an array of structs holds each struct's ck_nd
// copies in turn, so a pointer cast between the structs and their
// numbers, (double *)p or (const double *)&t, has no shadow to follow:
// refused at the cast (scalar mode takes it).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sed 's/wrt(x) vector/wrt(x)/' %s > %t.d/scalar.c
// RUN: %ckc %t.d/scalar.c -o %t.d/out.c

typedef struct {
	double a, b;
} pair;

static double sumsq(const double *v, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += v[i] * v[i];
	return s;
}

#pragma ck_tangent wrt(x) vector
double f(const double *x)
{
	pair p[2];
	double *q = (double *)p; // CHECK: vector-struct-cast.c:[[@LINE]]:14: error: vector mode cannot follow a pointer cast between structs that hold derivatives and their numbers; use the members
	for (int i = 0; i < 4; i++)
		q[i] = x[i] * x[i];
	return p[0].b + 10.0 * p[1].a;
}

#pragma ck_tangent wrt(x) vector
double g(const double *x)
{
	pair t = { x[0] * x[1], x[2] };
	return sumsq((const double *)&t, 2); // CHECK: vector-struct-cast.c:[[@LINE]]:15: error: vector mode cannot follow a pointer cast between structs that hold derivatives and their numbers; use the members
}
// CHECK-NOT: error
