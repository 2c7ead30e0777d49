// A helper's binomial loop over a caller's array named in save(), whose
// stencil reads the left neighbour under a guard (i > 0 ? x[i - 1] : 0.0,
// or if (i > 0)): the read is not provably outside the section, which is
// trusted as every section is; it was refused ("the region indexes it
// outside the section that save() names").  f_b is bit for bit that of
// ckc --no-checkpoint, and checked against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

static void smooth(double *x, int n, int T)
{
#pragma ck_checkpoint binomial(2) save(x[0:n])
	for (int t = 0; t < T; t++)
		for (int i = 0; i < n; i++) {
			double l = i > 0 ? x[i - 1] : 0.0;
			double r = 0.0;
			if (i + 1 < n)
				r = x[i + 1];
			x[i] = 0.5 * x[i] + 0.25 * l * x[i] - 0.125 * r;
		}
}
// CHECK-LABEL: static void smooth_bwd(
// CHECK: = ck_scratch_alloc_d(

#pragma ck_adjoint wrt(x0)
double f(const double *x0, int n, int T)
{
	double x[8];
	for (int i = 0; i < n; i++)
		x[i] = x0[i];
	smooth(x, n, T);
	return x[n - 1] * x[0];
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

typedef struct {
	const double *x;
	int k;
} at_ctx;

static double at(double t, void *ctx)
{
	const at_ctx *a = ctx;
	double y[6];
	for (int i = 0; i < 6; i++)
		y[i] = a->x[i] + (i == a->k ? t : 0.0);
	return f(y, 6, 5);
}

int main(void)
{
	volatile double base = 0.3;
	double x[6], g[6] = { 0.0 };
	for (int i = 0; i < 6; i++)
		x[i] = base + 0.1 * i;
	ck_equal_bits("primal of f_b", f_b(x, g, 6, 5, 1.0), f(x, 6, 5));
	for (int k = 0; k < 6; k++) {
		at_ctx a = { x, k };
		ck_close("f_b against differences", g[k],
			 ck_richardson(at, &a, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
