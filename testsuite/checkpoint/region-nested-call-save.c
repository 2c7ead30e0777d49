// Nested regions, a call inside a region, and data behind a pointer that
// the function updates in place, saved as the pragma's save() says: the
// gradient and the outputs are bitwise those without checkpoints.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.out
// RUN: grep -v STATS %t.out > %t.grad
// RUN: grep -v STATS %t.plain.out > %t.plain.grad
// RUN: cmp %t.grad %t.plain.grad
#include <math.h>

static double smooth(double a, double b)
{
	return sqrt(a * a + b * b + 1e-3);
}

#pragma ck_tangent wrt(u, c) out(u)
#pragma ck_adjoint wrt(u, c) out(u)
void relax(double *u, double c, int n, int sweeps)
{
	for (int k = 0; k < sweeps; k++) {
#pragma ck_checkpoint save(u[0:n])
		{
			for (int i = 1; i < n - 1; i++) {
#pragma ck_checkpoint save(u[i - 1:3])
				u[i] = 0.5 * u[i] + c * smooth(u[i - 1], u[i + 1]);
			}
		}
	}
}
// CHECK-LABEL: static void relax_fwd(double *u, double c, int n, int sweeps){{$}}
// CHECK: CK_SAVE_N(ck_s, u + 0, n);
// CHECK-LABEL: static void relax_bwd(
// CHECK: CK_SAVE_N(ck_o{{[0-9]*}}, u + 0, n);
// CHECK: CK_LOAD_N(ck_s{{[0-9]*}}, u + 0, n);
// CHECK: CK_SAVE_N(ck_s{{[0-9]*}}, u + (i - 1), 3);
// CHECK: CK_LOAD_N(ck_o{{[0-9]*}}, u + 0, n);
// RUNS: STATS recomputations 12

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define N 5

int main(void)
{
	double u[N], ud[N], ub[N], ub0[N], u2[N], ud0[N], cb = 0;
	for (int i = 0; i < N; i++) {
		u[i] = u2[i] = ck_rand();
		ud0[i] = ud[i] = ck_rand();
		ub0[i] = ub[i] = ck_rand();
	}
	ck_stats_reset();
	relax_b(u2, ub, 0.3, &cb, N, 3);
	ck_stats st;
	ck_stats_get(&st);
	printf("STATS recomputations %llu\n", st.recomputations);
	relax_d(u, ud, 0.3, 0.7, N, 3);
	double lhs = 0, rhs = cb * 0.7;
	for (int i = 0; i < N; i++) {
		ck_equal_bits("outputs after relax_b", u2[i], u[i]);
		lhs += ub0[i] * ud[i];
		rhs += ub[i] * ud0[i];
		printf("ub %a\n", ub[i]);
	}
	ck_close("dot product", rhs, lhs, 1e-12);
	return ck_done();
}
#endif
