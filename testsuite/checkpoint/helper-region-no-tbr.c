// A binomial loop in a helper that reads a const double * parameter the
// helper's callers pass unchanged: f_bwd of the helper receives that data
// for the recomputation.  Under --no-tbr (which tapes every floating
// operand) the helper's f_bwd did not receive it, and ckc refused the
// region as reading data it cannot reach; now both builds give the same
// derivatives, bit for bit, and those of --no-checkpoint.  Gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.notbr.out
// RUN: cmp %t.out %t.nock.out
// RUN: FileCheck %s --input-file %t.out
// CHECK-NOT: FAIL
// CHECK: 0 failed

static void evolve(double *r, const double *p, int nsteps)
{
#pragma ck_checkpoint binomial(2) save(r[0:2])
	for (int t = 0; t < nsteps; t++) {
		r[0] += p[0] * r[1] * 0.1;
		r[1] -= p[1] * r[0] * 0.1;
	}
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double r[2] = { 1.0, 0.5 };
	evolve(r, x, 10);
	return r[0] * r[0] + r[1] * x[1];
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_PLAIN(f)
int main(void)
{
	double v[2] = { 0.8, -0.6 };
	kc_check_scalar("region in a helper", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, 2, 2);
	return ck_done();
}
#endif
