// A checkpoint region (and a binomial step) that reads a local integer
// table through a pointer into it, int rp[] = {0, 2, 3}; int *p = rp;
// ... p[i] (a CSR row pointer): the snapshot holds the table as if the
// body named it.  Its recomputation read a table of zeros, and the
// gradient was zero.  f_b and f_b_d are bit for bit those of ckc
// --no-checkpoint (outputs compared with cmp); gradients, Hessian-vector
// products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#define N 3

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	int rp[3] = { 0, 2, 3 };
	int *p = rp;
	double w = 0.0, u = 1.0;
	int i, k, t;
#pragma ck_checkpoint
	for (i = 0; i < 2; i++)
		for (k = p[i]; k < p[i + 1]; k++)
			w += x[k] * x[k];
#pragma ck_checkpoint binomial(2)
	for (t = 0; t < 4; t++)
		for (k = p[t % 2]; k < p[t % 2 + 1]; k++)
			u = u * 0.5 + x[k] * w;
	return w * w + u;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.5, -1.25, 1.5};
	kc_check_scalar("integer table through a pointer in checkpoints", kf,
			kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
