// Local buffers swapped by pointers (double ck_buf[2][N] after the rewrite)
// in a binomial loop and in a region that also name them in save(): the
// arrays (save(a[0:N], b[0:N])) or the pointers (save(cur[0:N],
// nxt[0:N])).  The arrays of arrays are local, so snapshots hold them
// whole and the sections are dropped: the output is the one without
// save().  Gradients, Hessian-vector products and the dot-product test
// against differences, bitwise the same without checkpoints.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
#include <math.h>

#define N 10

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double arrays(const double *x, int steps)
{
	double a[N], b[N];
	double *cur = a, *nxt = b, *tmp;
	int i, t;
	for (i = 0; i < N; i++)
		a[i] = x[i];
#pragma ck_checkpoint binomial(3) save(a[0:N], b[0:N])
	for (t = 0; t < steps; t++) {
		for (i = 1; i < N - 1; i++)
			nxt[i] = cur[i] +
				 0.1 * (cur[i - 1] - 2 * cur[i] + cur[i + 1]) *
					 cur[i];
		nxt[0] = cur[0];
		nxt[N - 1] = sin(cur[N - 1]);
		tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
	double s = 0;
	for (i = 0; i < N; i++)
		s += cur[i] * cur[i];
	return s;
}
// CHECK-LABEL: static double arrays_fwd(const double *x, int steps){{$}}
// CHECK: double ck_buf[2][10]
// CHECK: cur = 0;
// CHECK-NEXT: nxt = 1;

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double pointers(const double *x, int steps)
{
	double a[N], b[N];
	double *cur = a, *nxt = b, *tmp;
	for (int i = 0; i < N; i++)
		a[i] = cos(x[i]);
	for (int t = 0; t < steps; t++) {
#pragma ck_checkpoint save(cur[0:N], nxt[0:N])
		{
			for (int i = 0; i < N; i++)
				nxt[i] =
					cur[i] * cur[(i + 1) % N] + 0.5 * x[i];
			tmp = cur;
			cur = nxt;
			nxt = tmp;
		}
	}
	return cur[1] * cur[N - 2] + exp(0.1 * cur[0]);
}
// CHECK-LABEL: static double pointers_fwd(const double *x, int steps){{$}}
// CHECK: double ck_buf[2][10]

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_AS(ka, arrays, 7)
KC_SCALAR_WRAPPERS_AS(kp, pointers, 3)
int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = 0.5 * ck_rand();
	kc_check_scalar("arrays named in save()", ka, ka_d, ka_b, ka_b_d, NULL,
			v, NULL, N, 3);
	kc_check_scalar("pointers named in save()", kp, kp_d, kp_b, kp_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
