// An integer passed by value and by address to a helper that gets no
// derivative, adv(&cur, x[cur] > 0.35 || cur == 2): a call without a
// reverse reads nothing in f_bwd, which only puts cur back, so the
// refusal of advance(x, k, &k, &acc) (diagnostics/int-by-value-and-
// address.c) does not apply; ckc refused it.  Gradients,
// Hessian-vector products and the dot-product test against differences
// (the branch stays put under the differences' steps).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// CHECK-LABEL: static double f_fwd(const double *x){{$}}
// CHECK: adv(&cur, x[cur] > 0.35 || cur == 2);
// OUT-NOT: FAIL
// OUT: checks, 0 failed
#include <math.h>

static void adv(int *k, int d)
{
	*k = (*k + 1 + d) % 4;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	int cur = 1;
	double s = 0.0;
	for (int i = 0; i < 5; i++) {
		s += x[cur] * sin(x[(cur + 1) % 4]);
		adv(&cur, x[cur] > 0.35 || cur == 2);
	}
	return s * x[cur];
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[4];
	volatile double one = 1.0;
	for (int i = 0; i < 4; i++)
		v[i] = 0.1 * (i + 2) * one;
	kc_check_scalar("by value and by address, no derivative", kf, kf_d,
			kf_b, kf_b_d, NULL, v, NULL, 4, 3);
	return ck_done();
}
#endif
