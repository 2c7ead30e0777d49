// f2c's constant arguments: a BLAS-style routine takes its stride by
// address (integer *incx), and the caller passes a static const global,
// (integer *)&c__1, as f2c's `static integer c__1 = 1;` becomes once
// declared const.  Its data never changes, so the reverse sweep reads it
// again as it reads a const table.  Gradients, Hessian-vector products and
// the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

#define N 4

typedef long int integer;
typedef double doublereal;

static const integer c__1 = 1;
static const integer c__2 = 2;

static void daxpy(integer *n, doublereal *da, doublereal *dx, integer *incx,
		  doublereal *dy)
{
	integer i, ix = 0;
	for (i = 0; i < *n; i++) {
		dy[i] += *da * dx[ix] * dx[ix];
		ix += *incx;
	}
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	doublereal y[N], da = x[0], s = 0.;
	integer n = N / 2, i;
	for (i = 0; i < N; i++)
		y[i] = x[i];
	daxpy(&n, &da, (doublereal *)x, (integer *)&c__2, y);
	daxpy(&n, &da, (doublereal *)x + 1, (integer *)&c__1, y + 2);
	for (i = 0; i < N; i++)
		s += y[i] * y[i];
	return s;
}
// CHECK-LABEL: static void f_bwd(
// CHECK: daxpy_bwd({{.*}}(long *)&c__1

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8};
	kc_check_scalar("const global integer arguments", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
