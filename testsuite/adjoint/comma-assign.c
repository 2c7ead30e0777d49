// A comma operator whose left operand is an assignment to a local, as
// f2c writes Fortran's ABS and MAX: s += (d__1 = x[i], abs(d__1)),
// d__2 = (d__1 = x[i] * x[i], abs(d__1)), and in an if's condition.  The
// assignment moves ahead of the statement and the comma is its right
// operand, which reads the variable after the store.  Gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 4

typedef double doublereal;
#define abs(x) ((x) >= 0 ? (x) : -(x))
#define max(a, b) ((a) >= (b) ? (a) : (b))

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	doublereal d__1, d__2, s = 0., big = 0.;
	int i;
	for (i = 0; i < N; i++) {
		s += (d__1 = x[i], abs(d__1)) * x[(i + 1) % N];
		d__2 = (d__1 = x[i] * x[i], abs(d__1));
		big = max(big, d__2);
		if ((d__1 = x[i] - 0.5, abs(d__1)) > 0.2)
			s += sin(d__1);
	}
	return s + big;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: d__1 = x[i];
// CHECK: s += (d__1 >= 0 ? d__1 : -d__1) * x[(i + 1) % 4];

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.35, -0.7, 1.1, 0.8};
	kc_check_scalar("f2c's comma assignments", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
