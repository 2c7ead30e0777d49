// A static local table without const (fixed weights, a norm's gains) that
// the function passes whole to a pointer-to-const parameter of a helper,
// dot(w, x, n), and changes nowhere: a const table, as one only indexed
// is (adjoint/static-const-table.c).  It was refused as a static that
// keeps its value from call to call.  Passed to a parameter without
// const, it stays refused (the helper could change it).  Tangent,
// gradient, Hessian-vector product and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: sed 's/^static double dot(const double \*w/static double dot(double *w/' %s > %t.nc.c
// RUN: not %ckc %t.nc.c -o %t.nc.out.c 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: error: static local 'w' keeps its value from call to call
#include <math.h>

#define N 3

static double dot(const double *w, const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += w[i] * x[i];
	return s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	static double w[N] = {1.0, -2.0, 0.5};
	double h[N];
	for (int i = 0; i < n; i++)
		h[i] = tanh(x[i] * w[i]);
	return dot(w, h, n) * dot(w, x, n);
}
// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: static const double w[3] = {1.0, -2.0, 0.5};

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS(f, N)

int main(void)
{
	volatile double one = 1.0;
	double v[N] = {0.25 * one, -0.5 * one, 0.75 * one};
	kc_check_scalar("static table to a const parameter", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
