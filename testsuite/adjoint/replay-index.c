// An integer or pointer local stored once, by an item of a block, and read
// only by the items after it, is set again at the start of the block's
// reverse instead of being taped: the pointer T = &tr[4 * b] into a local
// array and the index k = idx[b] read from stable data, in a loop over b
// inside a loop over v (hand's and ba's shapes).  Not so: a pointer read
// before its store in the block (q), an index with two stores (m), and an
// index whose operand changes after the store (j = b; b2++, where j reads
// b2).  Derivatives are checked against differences, the tangent and the
// Hessian, and are bitwise those of --no-tbr, which tapes everything.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
#include <math.h>

#define NB 3

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, const int *idx)
{
	double tr[4 * NB], s = 0.0;
	const double *q = &tr[0];
	int m = 0, b2 = 0;
	for (int b = 0; b < NB; b++)
		for (int i = 0; i < 4; i++)
			tr[4 * b + i] = sin(x[i] + b);
	for (int v = 0; v < 4; v++) {
		for (int b = 0; b < NB; b++) {
			const double *T = &tr[4 * b];
			int k = idx[b];
			s += T[v] * x[k] * T[(v + 1) % 4];
			s += q[v % 3] * x[m];
			q = T + 1;
			int j = b2;
			b2++;
			s += x[j % 4] * x[v];
		}
		m = (m + 1) % 4;
		if (v == 2)
			m = 3;
	}
	return s;
}
// CHECK-LABEL: static double f_fwd(const double *x, const int *idx){{$}}
// CHECK-NOT: ck_push_i(ck_t, (long)(T - tr));
// CHECK-NOT: ck_push_i(ck_t, k);
// CHECK: ck_push_i(ck_t, (long)(q - tr));
// CHECK: ck_push_i(ck_t, j);
// CHECK: return s;
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, const int *idx, double ret_b){{$}}
// CHECK: T = (long)(4 * [[B:b[0-9]*]]);
// CHECK-NEXT: k = idx[[[B]]];
// CHECK: j = ck_pop_i(ck_t);
// CHECK-NEXT: q = ck_pop_i(ck_t);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

static const int idx[NB] = {2, 0, 1};

KC_SCALAR_WRAPPERS(f, idx)

int main(void)
{
	double x[4];
	for (int i = 0; i < 4; i++)
		x[i] = ck_rand() - 0.3;
	kc_check_scalar("replayed", kf, kf_d, kf_b, kf_b_d, NULL, x, NULL, 4, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
