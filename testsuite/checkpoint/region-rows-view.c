// A pointer to rows over a 1-D array, double (*G)[W] = (double (*)[W])flat,
// passed to a helper inside a checkpoint region (a local array, a heap
// buffer named in save(), and a binomial loop over the steps of a
// relaxation): the recomputation in f_bwd passed flat2 + G, a double *
// for a double (*)[W] parameter, which gcc 12 and clang 19 refuse
// (-Werror=incompatible-pointer-types), f_b_d's recomputation too.  It is
// now cast to the rows' type, as the reverse sweep's own call is.  f_b
// and f_b_d are bit for bit those of ckc --no-checkpoint (compared with
// cmp); gradients, Hessian-vector products and the dot-product test
// against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: grep derivatives %t.out > %t.deriv
// RUN: grep derivatives %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT: derivatives 7
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <stdlib.h>

#define N 8
#define W 4

static void sq(double (*G)[W])
{
	G[1][2] = G[0][1] * G[1][2];
}

static void relax(double (*G)[W], int rows)
{
	for (int i = 1; i < rows; i++)
		for (int j = 1; j < W - 1; j++)
			G[i][j] = 0.5 * (G[i - 1][j] + G[i][j - 1] * G[i][j + 1]);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double views(const double *x)
{
	double flat[N];
	for (int i = 0; i < N; i++)
		flat[i] = x[i];
	double (*G)[W] = (double (*)[W])flat;
#pragma ck_checkpoint
	sq(G);
	double *heap = malloc(N * sizeof *heap);
	for (int i = 0; i < N; i++)
		heap[i] = flat[i] * x[i];
	double (*H)[W] = (double (*)[W])heap;
#pragma ck_checkpoint save(heap[0:N])
	sq(H);
#pragma ck_checkpoint binomial(2) save(heap[0:N])
	for (int t = 0; t < 4; t++)
		relax(H, N / W);
	double s = 0.0;
	for (int i = 0; i < N; i++)
		s += heap[i] * flat[i];
	free(heap);
	return s;
}
// CHECK: relax_fwd((double (*)[4])(heap + H), 8 / 4);
// CHECK: sq_fwd((double (*)[4])(heap + H));
// CHECK: sq_fwd((double (*)[4])(flat2 + G));

#ifdef CK_TEST_MAIN
#include "ckrt.h"
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(views)

int main(void)
{
	volatile double one = 1.0;
	double v[N] = {0.3, -0.7, 1.1, 0.8, 0.45, -0.2, 0.6, 0.9};
	double g[N] = {0}, gb[N] = {0}, hv[N] = {0};
	for (int i = 0; i < N; i++)
		v[i] *= one;
	views_b(v, g, 1.0);
	views_b_d(v, v, gb, hv, 1.0, 0.5);
	for (int i = 0; i < N; i++)
		printf("derivatives %d %a %a %a\n", i, g[i], gb[i], hv[i]);
	kc_check_scalar("rows over flat data in regions", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
