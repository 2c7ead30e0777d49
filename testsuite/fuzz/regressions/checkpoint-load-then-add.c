// A checkpoint region that adds to a scalar it takes from its snapshot
// (s += -0.08): in f_bwd the region's recomputation loads s with CK_LOAD,
// which stores into the variable it names, and the rewrite of v += e into
// v = e where v is known to be zero took s for zero (its declaration) and
// wrote s = -0.08.  The rewrite takes adjoints only, and no variable a
// call is given by name.  The gradient and the Hessian-vector product are
// checked against differences, and are bitwise those of --no-checkpoint.
// Found by the fuzzer (run.py --seed 7501 --modes tangent,adjoint,hvp
// --features=+checkpoint --transparency, kernel 109), reduced by hand.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --check-prefix=GEN --input-file %t.c
// GEN-LABEL: static void f_bwd(
// GEN: CK_LOAD({{ck_s[0-9]*}}, [[S:s[0-9]+]]);
// GEN: [[S]] += -0.08;
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --input-file %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
// CHECK-NOT: FAIL
// CHECK: checks, 0 failed
#include <math.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = x[0] * x[1], r = 0;
#pragma ck_checkpoint
	{
		s += -0.08;
		r = sin(s * s * x[n]);
	}
	return r + s * x[0];
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static int nn;
KC_SCALAR_WRAPPERS(f, nn)

int main(void)
{
	double x[4];
	for (int i = 0; i < 4; i++)
		x[i] = ck_rand() - 0.3;
	for (nn = 2; nn <= 3; nn++)
		kc_check_scalar("load then add", kf, kf_d, kf_b, kf_b_d, NULL, x,
				NULL, 4, 3);
	return ck_done();
}
#endif
