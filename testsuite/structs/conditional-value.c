// A ?: whose arms are struct values, in an initializer, an assignment or
// a store into an array element (pair r = c ? p : q;, r = c ? mk(a) :
// mk(b);, arr[1] = c ? q : p;): it is if (c) r = p; else r = q;, each
// arm a struct assignment of its own (a call's arm fills r as any struct
// result does).  ckc stopped with an internal error ("E_MEMBER of a
// non-lvalue"), or refused the call arms as an unsupported struct
// assignment.  Tangent, gradient, Hessian-vector products and the
// dot-product test against differences, for c = 0 and 1.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

typedef struct {
	double a, b;
} pair;

static pair mk(double u, double v)
{
	pair r;
	r.a = u;
	r.b = v * v;
	return r;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int c)
{
	pair p = { x[0], x[1] }, q = { x[1] * x[2], sin(x[0]) };
	pair r = c ? p : q, s, arr[2];
	s = c ? mk(x[0], x[2]) : mk(x[2], x[1]);
	arr[0] = p;
	arr[1] = c ? q : p;
	return r.a * r.b + s.a * s.b + arr[1].a * arr[0].b;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static int cc;
KC_SCALAR_WRAPPERS(f, cc)

int main(void)
{
	volatile double one = 1.0;
	double v[3] = { 0.7 * one, -0.4 * one, 1.3 * one };
	for (cc = 0; cc < 2; cc++)
		kc_check_scalar(cc ? "struct ?:, c = 1" : "struct ?:, c = 0", kf,
				kf_d, kf_b, kf_b_d, NULL, v, NULL, 3, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
