// A static local or a global array used as scratch, overwritten whole by
// a loop whose bound is a constant expression equal to the array's length
// (i < 3 * NP for double tmp[3 * NP], as molecular dynamics codes write
// it): only a bare literal counted as the whole array, and these were
// refused ("static local 'tmp' keeps its value from call to call", "a
// derivative would flow into global variable 'F'").  Checked against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#define NP 4

double F[3 * NP];

#pragma ck_adjoint wrt(x)
double forces(const double *x)
{
	static double tmp[3 * NP];
	for (int i = 0; i < 3 * NP; i++)
		tmp[i] = x[i] * sin(x[i]);
	for (int i = 0; i < 3 * NP; i++)
		F[i] = tmp[i] * tmp[(i + 1) % (3 * NP)];
	double e = 0.0;
	for (int i = 0; i < 3 * NP; i++)
		e += F[i];
	return e;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

typedef struct {
	const double *x;
	int k;
} at_ctx;

static double at(double t, void *ctx)
{
	at_ctx *a = ctx;
	double y[3 * NP];
	for (int i = 0; i < 3 * NP; i++)
		y[i] = a->x[i] + (i == a->k ? t : 0.0);
	return forces(y);
}

int main(void)
{
	volatile double base = 0.2; /* (no constant folding of sin) */
	double x[3 * NP], g[3 * NP] = { 0.0 };
	for (int i = 0; i < 3 * NP; i++)
		x[i] = base + 0.1 * i;
	ck_equal_bits("primal of forces_b", forces_b(x, g, 1.0), forces(x));
	for (int k = 0; k < 3 * NP; k++) {
		at_ctx a = { x, k };
		ck_close("forces_b against differences", g[k],
			 ck_richardson(at, &a, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
