// A const local struct with an initializer (a problem description built
// from the parameters, const struct problem P = { y, n, lam };) is set
// member by member in the generated code, so it is declared there
// without const: the tangent compiled with -Werror.  Derivatives are
// checked against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

#define N 4

struct problem {
	const double *y;
	int n;
	double lam;
};

static double loss(const struct problem *P, const double *w)
{
	double s = 0.0;
	for (int i = 0; i < P->n; i++) {
		double r = w[i] * w[i] - P->y[i];
		s += r * r + P->lam * w[i] * w[i];
	}
	return s;
}

static const double ydata[N] = { 0.5, -0.25, 1.0, 0.75 };

#pragma ck_tangent wrt(w)
#pragma ck_adjoint wrt(w)
#pragma ck_hvp wrt(w)
double f(const double *w)
{
	const struct problem P = { ydata, N, 0.1 };
	return loss(&P, w) + loss(&P, w + 1) * 0.5;
}
// CHECK-LABEL: double f_d(const double *w, const double *w_d, double *ret_d){{$}}
// CHECK-NOT: const struct problem P;
// CHECK: struct problem P;
// CHECK: P.y = ydata;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N + 1] = {0.3, -0.7, 1.1, 0.8, -0.2};
	kc_check_scalar("const local struct", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, N + 1, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
