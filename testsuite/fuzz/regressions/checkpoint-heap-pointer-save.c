// A checkpoint region that saves the elements a local pointer into a
// malloc'd buffer reaches (save(w[0:4], p[0:4]), p = w): the reverse sweep
// wrote the pointer as the address of a copy of the buffer's pointer plus
// p's offset (&w2 + p), which a C compiler refuses ("wrong type argument
// to unary minus" where the region negates p[n - 2]).  It is the buffer's
// pointer in f_bwd plus the offset.  The gradient and the Hessian-vector
// product are checked against differences, and are bitwise those of
// --no-checkpoint.  Found by the fuzzer (run.py --seed 7404 --modes
// tangent,adjoint,hvp,vector --features=-extern,+checkpoint, kernel 41),
// reduced by hand.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --check-prefix=GEN --input-file %t.c
// GEN-LABEL: static void f_bwd(
// GEN: CK_LOAD_N({{ck_s[0-9]*}}, w + p + 0, 4);
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --input-file %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
// CHECK-NOT: FAIL
// CHECK: checks, 0 failed
#include <math.h>
#include <stdlib.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double *w = malloc(4 * sizeof(double));
	for (int i = 0; i < 4; i++)
		w[i] = x[i] * x[i];
	double *p = w;
	double s = x[0];
#pragma ck_checkpoint save(w[0:4], p[0:4])
	s += sin(s * -p[n - 2]);
	free(w);
	return s;
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
	for (nn = 2; nn <= 4; nn++)
		kc_check_scalar("heap pointer save", kf, kf_d, kf_b, kf_b_d,
				NULL, x, NULL, 4, 3);
	return ck_done();
}
#endif
