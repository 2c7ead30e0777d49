// The memory binomial(K) saves in a second-order adjoint: a 1000-step
// stencil on 256 cells under binomial(8).  f_b_d's peak (tape and
// snapshots, ck_stats) is under 1/20 of the peak of the --no-checkpoint
// build, the steps recomputed are exactly Revolve's optimum
// F(1000, 8) = 5 * 1000 - C(13, 4) = 4285, and x_b, x_bd and the primal
// are bit for bit those without checkpoints.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=CKPT < %t.out
// RUN: FileCheck %s --check-prefix=PLAIN < %t.plain.out
// RUN: grep -v STATS %t.out > %t.deriv
// RUN: grep -v STATS %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// RUN: grep 'STATS peak' %t.out %t.plain.out | sed 's/.*peak //' | tr '\n' ' ' | awk '{ if ($1 > 0 && $1 * 20 < $2) print "ok: peak ratio"; else print "FAIL: peak ratio " $1 " vs " $2 }' | FileCheck %s --check-prefix=RATIO
// RATIO: ok: peak ratio
// CKPT: STATS recomputations 4285
// PLAIN: STATS recomputations 0
#define CELLS 256

#pragma ck_hvp wrt(u0)
double burgers(const double *u0, int steps)
{
	double u[CELLS], un[CELLS];
	double f = 0.0;
	for (int i = 0; i < CELLS; i++) {
		u[i] = u0[i];
		un[i] = u0[i];
	}
#pragma ck_checkpoint binomial(8)
	for (int t = 0; t < steps; t++) {
		for (int i = 1; i < CELLS - 1; i++)
			un[i] = u[i] - 0.1 * u[i] * (u[i + 1] - u[i - 1]) +
				0.2 * (u[i + 1] - 2.0 * u[i] + u[i - 1]);
		for (int i = 1; i < CELLS - 1; i++)
			u[i] = un[i];
	}
	for (int i = 0; i < CELLS; i++)
		f += u[i] * u[i] * u[i];
	return f;
}
// CHECK-LABEL: double burgers_b_d(const double *u0, const double *u0_d, double *u0_b, double *u0_bd, int steps, double ret_b, double ret_bd)
// CHECK: ck_revolve_new({{.*}}, 8);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

int main(void)
{
	double u0[CELLS], ud[CELLS], ub[CELLS] = {0}, ubd[CELLS] = {0};
	for (int i = 0; i < CELLS; i++) {
		u0[i] = 0.5 + 0.3 * ck_rand();
		ud[i] = ck_rand();
	}
	ck_stats_reset();
	double y = burgers_b_d(u0, ud, ub, ubd, 1000, 1.0, 0.25);
	ck_stats st;
	ck_stats_get(&st);
	ck_equal_bits("primal", y, burgers(u0, 1000));
	for (int i = 0; i < CELLS; i++) {
		printf("u0_b[%d] %a\n", i, ub[i]);
		printf("u0_bd[%d] %a\n", i, ubd[i]);
	}
	ck_check("gradient not zero", ub[CELLS / 2] != 0.0);
	ck_check("H v not zero", ubd[CELLS / 2] != 0.0);
	printf("STATS recomputations %llu\n", st.recomputations);
	printf("STATS peak %zu\n", st.peak_bytes);
	return ck_done();
}
#endif
