// A dense tanh layer written inline reads h[j] once per output neuron;
// the loop over outputs never writes h, so f_fwd tapes h once per layer
// (one block of pushes after that loop; a copy of at most 8 elements is
// taped element by element) instead of W.h's operands at every product,
// and nothing inside the product loop goes on the tape.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include <math.h>

#define W 4
#define L 3

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double f(const double *v)
{
	/* v: the weights W x W, then the input h0 */
	double h[W], next[W], s = 0;
	int l, i, j;
	for (i = 0; i < W; i++)
		h[i] = v[W * W + i];
	for (l = 0; l < L; l++) {
		for (i = 0; i < W; i++) {
			double a = 0.1;
			for (j = 0; j < W; j++)
				a += v[i * W + j] * h[j];
			next[i] = tanh(a);
		}
		for (i = 0; i < W; i++)
			h[i] = next[i];
	}
	for (i = 0; i < W; i++)
		s += h[i] * h[i];
	return s;
}
// CHECK-LABEL: static double f_fwd(const double *v){{$}}
// CHECK-NOT: ck_push_d(ck_t, h
// CHECK: a += v[i * 4 + j] * h[j];
// CHECK-NOT: ck_push_d(ck_t, h
// CHECK: double *[[P:ck_p[0-9]*]] = ck_reserve_d(ck_t, 4);
// CHECK-NEXT: [[P]][0] = h[0];
// CHECK: [[P]][3] = h[3];
// CHECK-NEXT: i = 0;
// CHECK-NEXT: for (; i < 4; i++) {
// CHECK-NEXT: h[i] = next[i];
// CHECK-NOT: ck_push_d(ck_t, h
// CHECK-LABEL: static void f_bwd(
// CHECK: v_b[i * 4 + j] += a_b * h{{[0-9]+}}[j];

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

#define NV (W * W + W)

static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return f(v);
}

static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return f_d(v, vd, dot);
}

static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return f_b(v, vb, rb);
}

static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	(void)n;
	return f_b_d(v, vd, vb, vbd, rb, rbd);
}

int main(void)
{
	double v[NV];
	for (int i = 0; i < NV; i++)
		v[i] = ck_rand() - 0.5;
	kc_check_scalar("layers", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, NV, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
