// A static local that a checkpoint region, a binomial step or an online
// step reads (static const double c = 0.5; declared before the region or
// inside the loop body, a static table nothing writes): the recomputation
// in f_bwd read a copy that started at zero, and the gradient was wrong
// (0 for sin(c * y)).  The copy now starts from the static's initial
// value, and a static declared before the region travels in the snapshot
// like any local.  f_b and f_b_d are bit for bit those of ckc
// --no-checkpoint (outputs compared with cmp); gradients, Hessian-vector
// products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#define N 3

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	static const double c = 0.5;
	double y = x[0], u = x[1], t = 0.0;
#pragma ck_checkpoint
	y = sin(c * y) * x[2];
#pragma ck_checkpoint binomial(2)
	for (int s = 0; s < 6; s++) {
		static const double damp = 0.95;
		u = damp * u + 0.1 * sin(x[2] * u);
	}
#pragma ck_checkpoint online(2)
	while (t < 1.0) {
		static double w[2] = { 0.75, 0.5 };
		static const float g = 0.25f;
		y = w[0] * y + w[1] * cos(g * y * u);
		t += 0.25;
	}
	return y * u;
}
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double ret_b){{$}}
// CHECK-DAG: double c2 = 0.5;
// CHECK-DAG: double damp2 = 0.95;
// CHECK-DAG: static const double w[2] = {0.75, 0.5};
// CHECK-DAG: float g2 = 0.25f;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	/* (volatile: clang -O2 would fold f at constant inputs, with sin
	 * and cos of its own) */
	static volatile double v0[N] = {0.5, -1.25, 1.5};
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = v0[i];
	kc_check_scalar("static locals in checkpoints", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
