// A pointer walked along active data in a for's increment clause,
// for (...; i++, p++): f_b_d's forward sweep has no use for p's tangent,
// and drops p_d from the clause with its declaration (the clause used to
// keep p_d++ of a variable no longer declared, which did not compile).
// Gradients, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

#define N 5

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	const double *p;
	double s = 0.0;
	int i;
	for (i = 0, p = x; i < n; i++, p++)
		s += *p * *p * x[0];
	return s;
}

// CHECK-LABEL: double f_d(
// CHECK: for (i = 0, p_d = x_d, p = x; i < n; i++, p_d++, p++) {
// CHECK-LABEL: static double f_fwd_d(const double *x, const double *x_d, int n){{$}}
// CHECK-NOT: p_d
// CHECK: for (; i < n; i++, p++) {
// CHECK-LABEL: static void f_bwd_d(

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS(f, N)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("for (...; i++, p++)", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
