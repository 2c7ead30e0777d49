// A checkpoint region that changes an integer through a pointer to it,
// (*pcur)++ with int *pcur = &cur, and through its address, fz_adv(&cur,
// 3): the region's recomputation in the reverse sweep changes the
// reverse sweep's own cur (it changed a copy, and the derivatives read
// with the wrong index; found by the fuzzer's feature intcell, seed 16701
// kernel 13).  Gradients and Hessian-vector products against differences
// and the dot-product test; the checkpointed code's output is bitwise the
// same as without checkpoints.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
#define N 5

static void fz_adv(int *k, int d)
{
	*k = (*k + d) % 8;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	int cur = 0;
	int *pcur = &cur;
	double s = 0.5;
	for (int i = 0; i < n; i++) {
#pragma ck_checkpoint
		{
			(*pcur)++;
			s = s * x[cur % n] + x[i];
			fz_adv(&cur, 3);
			s = s * x[cur % n];
		}
		s += x[cur % n] * s;
	}
	return s;
}
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// CHECK: (*(&cur + pcur))++;

#ifdef CK_TEST_MAIN
#include <stdio.h>
#include "kernelcheck.h"
static int nn = N;
KC_SCALAR_WRAPPERS(f, nn)
int main(void)
{
	double v[N], g[N] = { 0 };
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("an int changed through pointers in a region", kf, kf_d,
			kf_b, kf_b_d, NULL, v, NULL, N, 3);
	f_b(v, g, N, 1.0);
	for (int i = 0; i < N; i++)
		printf("%a\n", g[i]);
	return ck_done();
}
#endif
