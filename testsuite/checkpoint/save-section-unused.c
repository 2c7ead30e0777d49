// A region's save() naming a local array that the region never reaches:
// w, a VLA the function fills before the region and reads after it, none of
// whose values carries a derivative.  f_bwd holds no buffer of such a VLA
// (it never reads it), and ckc refused the region ("the reverse mode
// cannot tell which array 'w' points into").  The section is neither saved
// nor loaded; y's is.  The gradient and Hessian-vector product are bitwise
// the ones without checkpoints, and checked against differences and by the
// dot-product test.
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
double f(const double *x, const double *c, int n)
{
	double w[n + 2], y[n];
	double s = 0.0;
	int i, t;
	for (i = 0; i < n + 2; i++)
		w[i] = 0.25 * i;
	for (i = 0; i < n; i++)
		y[i] = x[i];
	for (t = 0; t < 3; t++) {
#pragma ck_checkpoint save(w[0:n + 2], y[0:n])
		for (i = 0; i < n; i++)
			y[i] = sin(c[i] * y[i]) + y[i];
	}
	for (i = 0; i < n; i++)
		s += y[i] * y[i] * w[i + 1];
	return s;
}
// CHECK-LABEL: static double f_fwd(const double *x, const double *c, int n){{$}}
// CHECK-NOT: CK_SAVE_N(ck_s, w
// CHECK: CK_SAVE_N(ck_s, y + 0, n);
// CHECK-LABEL: static void f_bwd(
// CHECK-NOT: CK_LOAD_N(ck_s{{[0-9]*}}, w
// CHECK: CK_LOAD_N(ck_s{{[0-9]*}}, y + 0, n);

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
	kc_check_scalar("save() of a section the region never reaches", kf,
			kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: STATS recomputations 6
// OUT: checks, 0 failed
