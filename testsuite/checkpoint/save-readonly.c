// A region's save() that names read-only data, x of a const double *x: the
// region cannot change it (and it may be in read-only memory), so it is
// neither saved nor loaded back; y is.  The generated code compiles with
// -Werror (a load into x would discard its const), its gradient and
// Hessian-vector product are bitwise the ones without checkpoints, and
// checked against differences and by the dot-product test.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: grep -v STATS %t.out > %t.grad
// RUN: grep -v STATS %t.plain.out > %t.plain.grad
// RUN: cmp %t.grad %t.plain.grad
#include <math.h>

#define N 5

static const double table[N] = {0.5, -0.25, 1.0, 0.125, -2.0};

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, const double *w, int n)
{
	double y[N] = {0.0}, s = 0.0;
	int i, t;
	for (t = 0; t < 4; t++) {
#pragma ck_checkpoint save(x[0:n], w[0:n], y[0:n])
		for (i = 0; i < n; i++)
			y[i] = sin(x[i] * w[i] + y[i]);
	}
	for (i = 0; i < n; i++)
		s += y[i] * y[i];
	return s;
}
// CHECK-LABEL: static double f_fwd(const double *x, const double *w, int n){{$}}
// CHECK-NOT: CK_SAVE_N(ck_s, x
// CHECK-NOT: CK_SAVE_N(ck_s, w
// CHECK: CK_SAVE_N(ck_s, y + 0, n);
// CHECK-NOT: CK_LOAD_N(ck_s, x
// CHECK-NOT: CK_LOAD_N(ck_s, w

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
#include "ckrt.h"

KC_SCALAR_WRAPPERS(f, table, N)

int main(void)
{
	double v[N], vb[N] = {0.0}, vd[N], vb2[N] = {0.0}, vbd[N] = {0.0};
	for (int i = 0; i < N; i++) {
		v[i] = ck_rand();
		vd[i] = ck_rand();
	}
	ck_stats_reset();
	f_b(v, vb, table, N, 1.0);
	f_b_d(v, vd, vb2, vbd, table, N, 1.0, 0.0);
	ck_stats st;
	ck_stats_get(&st);
	for (int i = 0; i < N; i++)
		printf("grad %a hvp %a\n", vb[i], vbd[i]);
	printf("STATS recomputations %llu\n", st.recomputations);
	kc_check_scalar("save() of read-only data", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: STATS recomputations 8
// OUT: checks, 0 failed
