// A 1000-step explicit stencil (Burgers-like, 256 cells of state) under
// binomial(8): the gradient is bitwise the one without checkpoints, the
// steps recomputed number exactly Revolve's optimum F(1000, 8) = 4285, and
// the peak memory (tape and snapshots) is under 1/20 of the uncheckpointed
// peak.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=CKPT < %t.out
// RUN: FileCheck %s --check-prefix=PLAIN < %t.plain.out
// RUN: grep -v STATS %t.out > %t.grad
// RUN: grep -v STATS %t.plain.out > %t.plain.grad
// RUN: cmp %t.grad %t.plain.grad
// RUN: grep STATS %t.out %t.plain.out | sed 's/.*peak //' | tr '\n' ' ' | awk '{ if ($1 * 20 < $2) print "ok: peak ratio"; else print "FAIL: peak ratio " $1 " vs " $2 }' | FileCheck %s --check-prefix=RATIO
// RATIO: ok: peak ratio
#define CELLS 256

#pragma ck_adjoint wrt(u0)
double burgers(const double *u0, int steps)
{
	double u[CELLS], un[CELLS];
	double f = 0.0;
	for (int i = 0; i < CELLS; i++)
		u[i] = u0[i];
#pragma ck_checkpoint binomial(8)
	for (int t = 0; t < steps; t++) {
		for (int i = 1; i < CELLS - 1; i++)
			un[i] = u[i] - 0.1 * u[i] * (u[i + 1] - u[i - 1]) +
				0.2 * (u[i + 1] - 2.0 * u[i] + u[i - 1]);
		for (int i = 1; i < CELLS - 1; i++)
			u[i] = un[i];
	}
	for (int i = 0; i < CELLS; i++)
		f += u[i] * u[i];
	return f;
}
// CHECK-LABEL: static double burgers_fwd(const double *u0, int steps){{$}}
// CHECK: ck_rv = ck_revolve_new(ck_l, 8);
// CHECK: CK_SAVE(ck_sn, u);
// CHECK-LABEL: static void burgers_bwd(
// CHECK: ck_revolve_free(
// CKPT: STATS recomputations 4285
// PLAIN: STATS recomputations 0

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

int main(void)
{
	double u0[CELLS], ub[CELLS] = {0};
	for (int i = 0; i < CELLS; i++)
		u0[i] = 0.5 + 0.3 * ck_rand();
	ck_stats_reset();
	double y = burgers_b(u0, ub, 1000, 1.0);
	ck_stats st;
	ck_stats_get(&st);
	ck_equal_bits("primal", y, burgers(u0, 1000));
	double s = 0;
	for (int i = 0; i < CELLS; i++)
		s += ub[i] * (i % 7 - 3);
	printf("gradient probe %a\n", s);
	printf("STATS recomputations %llu\n", st.recomputations);
	printf("STATS peak %zu\n", st.peak_bytes);
	return ck_done();
}
#endif
