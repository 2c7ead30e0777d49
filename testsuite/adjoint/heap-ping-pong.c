// Double buffering over malloc'd buffers: local pointers to buffers
// allocated together (same size, consecutive statements of one block),
// swapped, copied and stepped among themselves, become offsets into one
// buffer of the buffers (double *ck_heap = malloc(2 * ...), long cur = 0,
// nxt = ck_hn), so the reverse mode follows them as integers.  A stencil
// through a helper, memcpy into a buffer, a null test, *p, p + k, a pick
// by ?:, a pointer walk with p < q, and a binomial checkpointed time loop whose
// save() names the pointers (bitwise the same without checkpoints).
// Gradients, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NX 8

static void step(int n, const double *in, double *out, double c)
{
	for (int i = 1; i < n - 1; i++)
		out[i] = in[i] + c * (in[i - 1] - 2 * in[i] + in[i + 1]) -
			 0.05 * sin(in[i]);
	out[0] = in[0];
	out[n - 1] = in[n - 1];
}

#pragma ck_tangent wrt(u)
#pragma ck_adjoint wrt(u)
#pragma ck_hvp wrt(u)
double smooth(const double *u, int iters)
{
	int n = NX;
	double *cur = malloc(n * sizeof *cur);
	double *nxt = malloc(n * sizeof *nxt);
	if (!cur || nxt == NULL) {
		free(cur);
		free(nxt);
		return 0;
	}
	memcpy(cur, u, n * sizeof *cur);
#pragma ck_checkpoint binomial(2) save(cur[0:n], nxt[0:n])
	for (int it = 0; it < iters; it++) {
		if (it % 2)
			step(n, cur, nxt, 0.2);
		else
			for (int i = 0; i < n; i++)
				nxt[i] = cur[i] * (1.0 + 0.1 * cur[(i + 1) % n]);
		double *tmp = cur;
		cur = nxt;
		nxt = tmp;
	}
	double s = *cur + *(cur + 2);
	for (int i = 0; i < n; i++)
		s += cur[i] * cur[i];
	free(cur);
	free(nxt);
	return s;
}
// CHECK-LABEL: double smooth_d(const double *u, const double *u_d, int iters, double *ret_d){{$}}
// CHECK: long ck_hn = n;
// CHECK-NEXT: double *ck_heap_d = ck_shadow_alloc(2 * (n * 8UL));
// CHECK-NEXT: double *ck_heap = malloc(2 * (n * 8UL));
// CHECK: long cur = 0;
// CHECK-NEXT: long nxt = ck_hn;
// CHECK: if (!ck_heap || ck_heap == (void *)0) {
// CHECK: step_d(n, ck_heap + cur, ck_heap_d + cur, ck_heap + nxt, ck_heap_d + nxt, 0.2);
// CHECK: double s = ck_heap[cur] + ck_heap[cur + 2];
// CHECK-LABEL: double smooth_b(
// CHECK: CK_SAVE_N(ck_sn, ck_heap + (cur + 0), n);
// CHECK-NEXT: CK_SAVE_N(ck_sn, ck_heap + (nxt + 0), n);

/* three buffers from calloc with a run-time size, a rotation, a pick by
 * conditions, a pointer walk, and frees in another order */
#pragma ck_tangent wrt(u)
#pragma ck_adjoint wrt(u)
#pragma ck_hvp wrt(u)
double rotate(const double *u, int n, int iters)
{
	double *a = calloc(n, sizeof(double)), *b = calloc(n, sizeof(double)),
	       *c = calloc(n, sizeof(double));
	for (int i = 0; i < n; i++)
		a[i] = u[i];
	for (int it = 0; it < iters; it++) {
		step(n, a, b, 0.1);
		for (int i = 0; i < n; i++)
			c[i] = b[i] * a[i];
		double *t = a;
		a = c;
		c = b;
		b = t;
	}
	const double *pick = iters > 3 ? c : iters > 1 ? b : a;
	double s = pick[1] * pick[2];
	for (const double *p = a + 1, *end = a + n; p < end; p++)
		s += *p * p[-1];
	free(b);
	free(c);
	free(a);
	return s;
}
// CHECK-LABEL: static double rotate_fwd(const double *u, int n, int iters){{$}}
// CHECK: ck_heap = calloc(3 * n, 8UL);
// CHECK: c = 2 * ck_hn;
// CHECK: pick = iters > 3 ? c : iters > 1 ? b : a;
// CHECK: s = ck_heap[pick + 1] * ck_heap[pick + 2];
// CHECK: p = a + 1;
// CHECK-NEXT: end = a + n;
// CHECK: for (; p < end; p++) {
// CHECK: s += ck_heap[p] * ck_heap[p + -1];

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS(smooth, 7)
KC_SCALAR_WRAPPERS_AS(kr, rotate, NX, 4)
int main(void)
{
	double v[NX];
	for (int i = 0; i < NX; i++)
		v[i] = 0.5 * ck_rand();
	kc_check_scalar("heap ping-pong buffers", kf, kf_d, kf_b, kf_b_d, NULL,
			v, NULL, NX, 3);
	kc_check_scalar("three heap buffers rotating", kr, kr_d, kr_b, kr_b_d,
			NULL, v, NULL, NX, 3);
	return ck_done();
}
#endif
