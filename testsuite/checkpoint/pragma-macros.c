// Pragmas are read as the preprocessor reads them: comments after a
// pragma or between it and its statement are ignored, macros in clause
// arguments are expanded (binomial(NSNAP * 2) from a header, save(u[0:N])
// with N a macro of macros, wrt(STATE)), the request comes from the
// header, and -D macros count too.  The gradient is bitwise the one
// without checkpoints.
// RUN: %ckc -I %S/Inputs -DLAST=1 %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I %S/Inputs -DLAST=1 > %t.out
// RUN: %ckc -I %S/Inputs -DLAST=1 --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain -I %S/Inputs -DLAST=1 > %t.plain.out
// RUN: grep -v STATS %t.out > %t.grad
// RUN: grep -v STATS %t.plain.out > %t.grad.plain
// RUN: cmp %t.grad %t.grad.plain
// RUN: FileCheck %s --check-prefix=CKPT < %t.out
// CKPT: STATS recomputations {{[1-9]}}
#include "pragma-macros.h"

#define CELLS 8
#define N (CELLS - LAST)

double heat(double *u, int steps)
{
	double f = 0.0;
#pragma ck_checkpoint binomial(NSNAP * 2) save(u[0:N]) // snapshots
	// the time loop
	for (int t = 0; t < steps; t++) {
		for (int i = 1; i < N - 1; i++)
			u[i] = u[i] + 0.2 * (u[i + 1] - 2.0 * u[i] + u[i - 1]) *
					      u[i];
	}
	for (int i = 0; i < CELLS; i++)
		f += u[i] * u[i];
	return f;
}
// CHECK-LABEL: double heat_b(double *u, double *u_b, int steps, double ret_b)
// CHECK-LABEL: static double heat_fwd(double *u, int steps){{$}}
// CHECK: ck_rv = ck_revolve_new(ck_l, 6);
// CHECK: CK_SAVE_N(ck_sn, u + 0, 8 - 1);
// CHECK-NOT: elsewhere

#ifdef CK_TEST_MAIN
#include <stdio.h>

#include "ckcheck.h"
#include "ckrt.h"

int main(void)
{
	double u0[CELLS], u[CELLS], ub[CELLS] = {0};
	ck_stats st;
	for (int i = 0; i < CELLS; i++)
		u0[i] = 0.5 + 0.3 * ck_rand();
	for (int i = 0; i < CELLS; i++)
		u[i] = u0[i];
	double want = heat(u, 20);
	for (int i = 0; i < CELLS; i++)
		u[i] = u0[i];
	for (int i = 0; i < CELLS; i++)
		ub[i] = 0.0;
	ck_stats_reset();
	ck_equal_bits("primal", heat_b(u, ub, 20, 1.0), want);
	ck_stats_get(&st);
	for (int i = 0; i < CELLS; i++)
		printf("%a\n", ub[i]);
	printf("STATS recomputations %llu\n", st.recomputations);
	return ck_done();
}
#endif
