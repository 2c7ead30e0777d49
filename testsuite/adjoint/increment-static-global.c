// x++ of a static local or a global, where the statement calls no
// function of the file (which could see it before its step): return
// ++count; in a helper that numbers its calls, a global index stepped in
// a passive statement.  The step moves out as for a local.  Gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

#define N 4

int ncalls;
int order[2 * N];

static int tick(void)
{
	return ++ncalls;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	static int nseen;
	double s = 0.0;
	ncalls = 0;
	nseen = 0;
	for (int i = 0; i < N; i++) {
		int k = tick() % 3;
		order[nseen++] = k;
		s += x[i] * x[i] * k + x[(i + k) % N];
	}
	return s;
}
// CHECK-LABEL: static int tick(void){{$}}
// CHECK: ncalls++;
// CHECK-NEXT: return ncalls;

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8};
	kc_check_scalar("steps of statics and globals", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
