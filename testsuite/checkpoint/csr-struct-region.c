// A checkpoint region that reads a sparse matrix through a local struct
// set by its initializer, const csr A = { n, rowptr, col, x }: the
// initializer's member stores are the struct's own storage, not the data
// its pointers reach, so the region needs no save() for that data, which
// nothing changes.  f_b and f_b_d are bit for bit those of ckc
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
#include <math.h>

#define N 4
#define NNZ 7

typedef struct {
	int n;
	const int *rowptr;
	const int *col;
	const double *val;
} csr;

static const int rp[N + 1] = { 0, 2, 3, 5, 7 };
static const int cl[NNZ] = { 0, 3, 1, 0, 2, 1, 3 };

static void spmv(const csr *A, const double *v, double *y)
{
	for (int i = 0; i < A->n; i++) {
		double s = 0.0;
		for (int k = A->rowptr[i]; k < A->rowptr[i + 1]; k++)
			s += A->val[k] * v[A->col[k]];
		y[i] = s;
	}
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	const csr A = { N, rp, cl, x };
	double y[N], z[N], s = 0.0;
	for (int i = 0; i < N; i++)
		y[i] = 0.5 + 0.1 * i;
	for (int k = 0; k < 3; k++) {
#pragma ck_checkpoint
		{
			spmv(&A, y, z);
			for (int i = 0; i < N; i++)
				y[i] = tanh(z[i]);
		}
	}
	for (int i = 0; i < N; i++)
		s += y[i] * (i + 1);
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[NNZ] = {0.3, -0.7, 1.1, 0.8, 0.2, -0.4, 0.6};
	kc_check_scalar("sparse matrix struct in a region", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, NNZ, 3);
	return ck_done();
}
#endif
