// Shifts in the constant expressions of checkpoint clauses, as byte
// budgets are written: binomial(1 << 2), budget(64 * MB >> 2) with MB a
// macro (1 << 20).  Gradients and Hessian-vector products against
// differences and the dot-product test, bitwise the ones without
// checkpoints.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
#include <math.h>

#define MB (1 << 20)

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = 0, u = 1;
#pragma ck_checkpoint binomial(1 << 2)
	for (int i = 0; i < n; i++) {
		u = u * x[i % 4] + 0.1;
		s += u * u;
	}
#pragma ck_checkpoint budget(64 * MB >> 2)
	for (int i = 0; i < n; i++)
		s = sin(s) + x[i % 4];
	return s;
}
// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: ck_revolve_new(ck_l, 4);
// CHECK: ck_revolve_budget(ck_l2, (size_t)16777216);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS(f, 9)
int main(void)
{
	double v[4] = { 0.3, -0.2, 0.5, 0.1 };
	kc_check_scalar("shifts", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, 4, 2);
	return ck_done();
}
#endif
