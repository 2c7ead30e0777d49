// A checkpoint region and an online(K) loop that read constants through
// a local pointer into a void * parameter, double *p = (double *)params,
// and step it: the recomputation moves the pointer's offset from
// (double *)params (it subtracted and added void pointers, which did not
// compile).  Every derivative is bit for bit the one of ckc
// --no-checkpoint (outputs compared with cmp); gradients,
// Hessian-vector products and the dot-product test against differences.
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

static double g(const double *x, int n, void *params)
{
	double *p = (double *)params;
	double s = 0;
#pragma ck_checkpoint
	for (int i = 0; i < n; i++) {
		s += p[0] * x[i] * sin(x[i]);
		p++;
	}
#pragma ck_checkpoint online(2)
	for (int i = 0; i < n; i++)
		s = p[i] * cos(s * x[i]);
	return s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double par[2 * N] = { 3.0, -1.0, 0.5, 2.0, 1.5, -0.25 };
	return g(x, N, par);
}

// CHECK-LABEL: static void g_bwd(
// CHECK: (double *)params

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N], g_[N] = { 0.0 }, d[N], b[N] = { 0.0 }, bd[N] = { 0.0 };
	for (int i = 0; i < N; i++) {
		v[i] = ck_rand();
		d[i] = 0.25 * (double)(i + 1);
	}
	/* the gradient's and H v's bits, for cmp against --no-checkpoint */
	f_b(v, g_, 1.0);
	f_b_d(v, d, b, bd, 1.0, 0.5);
	for (int i = 0; i < N; i++)
		printf("%d %a %a %a\n", i, g_[i], b[i], bd[i]);
	kc_check_scalar("regions over void *params", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
