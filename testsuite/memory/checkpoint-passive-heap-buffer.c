// A malloc'd buffer of data without derivatives (a mask, a schedule) that
// a checkpoint region or a binomial loop changes, named in save(): the
// reverse sweep keeps the buffer as it keeps active ones, and the
// recomputation starts from the snapshot.  It was refused with "cannot
// tell which array 'm' points into", at every use.  f_b is bit for bit
// that of ckc --no-checkpoint, and checked against differences.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <stdlib.h>

#pragma ck_adjoint wrt(x)
double region(const double *x, int n)
{
	double s = 0.0;
	double *m = malloc((size_t)n * sizeof *m);
	for (int i = 0; i < n; i++)
		m[i] = 1.0;
#pragma ck_checkpoint save(m[0:n])
	for (int i = 0; i < n; i++) {
		s += m[i] * x[i] * x[i];
		m[i] *= 0.5;
	}
	s += m[0] * x[1];
	free(m);
	return s;
}

#pragma ck_adjoint wrt(x)
double steps(const double *x, int n)
{
	double s = 0.0;
	double *m = malloc((size_t)n * sizeof *m);
	for (int i = 0; i < n; i++)
		m[i] = 1.0 + i;
#pragma ck_checkpoint binomial(2) save(m[0:n])
	for (int t = 0; t < 5; t++)
		for (int i = 0; i < n; i++) {
			s += m[i] * x[i] * x[(i + t) % n];
			m[i] *= 0.5;
		}
	free(m);
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

typedef struct {
	const double *x;
	int k, which;
} at_ctx;

static double at(double t, void *ctx)
{
	const at_ctx *a = ctx;
	double y[5];
	for (int i = 0; i < 5; i++)
		y[i] = a->x[i] + (i == a->k ? t : 0.0);
	return a->which ? steps(y, 5) : region(y, 5);
}

int main(void)
{
	volatile double base = 0.3;
	double x[5], gr[5] = { 0.0 }, gs[5] = { 0.0 };
	for (int i = 0; i < 5; i++)
		x[i] = base - 0.2 * i;
	ck_equal_bits("primal of region_b", region_b(x, gr, 5, 1.0),
		      region(x, 5));
	ck_equal_bits("primal of steps_b", steps_b(x, gs, 5, 1.0), steps(x, 5));
	for (int k = 0; k < 5; k++) {
		at_ctx a = { x, k, 0 }, b = { x, k, 1 };
		ck_close("region_b against differences", gr[k],
			 ck_richardson(at, &a, CK_FD_H), 1e-8);
		ck_close("steps_b against differences", gs[k],
			 ck_richardson(at, &b, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
