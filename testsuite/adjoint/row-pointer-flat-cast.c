// A pointer to a row of a local 2-D array or of a parameter's rows
// (const double *r = a[i]), whose offset counts numbers from the array's
// start: f_bwd reached the numbers as (*a_b + r)[k], an offset past the
// first row through that row, which C leaves undefined (clang's UBSan:
// "index 6 out of bounds for type 'double[3]'").  It now casts the array
// to a pointer to its numbers, ((double *)a_b + r)[k].  Checked against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// CHECK-NOT: (*a_b +
// CHECK-NOT: (*pos_b +
// CHECK-LABEL: static void local_rows_bwd(
// CHECK: ((double *)a_b + r)[0] +=
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#pragma ck_adjoint wrt(x)
double local_rows(const double *x)
{
	double a[3][3];
	for (int i = 0; i < 3; i++)
		for (int k = 0; k < 3; k++)
			a[i][k] = x[3 * i + k] * x[k];
	double s = 0.0;
	for (int i = 0; i < 3; i++) {
		const double *r = a[i];
		s += r[0] * r[2];
	}
	return s;
}

#pragma ck_adjoint wrt(pos)
double param_rows(const double (*pos)[3], int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++) {
		const double *p = pos[i];
		s += p[0] * p[1] + p[2] * p[2];
	}
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
	at_ctx *a = ctx;
	double y[9];
	for (int i = 0; i < 9; i++)
		y[i] = a->x[i] + (i == a->k ? t : 0.0);
	return a->which ? param_rows((const double(*)[3])y, 3) : local_rows(y);
}

int main(void)
{
	volatile double base = 0.3;
	double x[9], g[9] = { 0.0 }, gp[9] = { 0.0 };
	for (int i = 0; i < 9; i++)
		x[i] = base + 0.1 * i;
	ck_equal_bits("primal of local_rows_b", local_rows_b(x, g, 1.0),
		      local_rows(x));
	ck_equal_bits("primal of param_rows_b",
		      param_rows_b((const double(*)[3])x, (double(*)[3])gp, 3,
				   1.0),
		      param_rows((const double(*)[3])x, 3));
	for (int k = 0; k < 9; k++) {
		at_ctx a = { x, k, 0 }, b = { x, k, 1 };
		ck_close("local_rows_b against differences", g[k],
			 ck_richardson(at, &a, CK_FD_H), 1e-8);
		ck_close("param_rows_b against differences", gp[k],
			 ck_richardson(at, &b, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
