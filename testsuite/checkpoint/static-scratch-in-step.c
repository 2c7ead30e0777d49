// A static local declared inside a binomial step (or a region of a
// helper) and overwritten whole there before it is read is scratch, as
// one declared at the top of the function is: no value carries from one
// step, or call, to the next.  It was refused ("keeps its value from call
// to call ... overwrite it whole before the function reads it"), which
// the code already did.  f_b and f_b_d are bit for bit those of ckc
// --no-checkpoint; f_b against differences.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double u[8];
	for (int i = 0; i < 8; i++)
		u[i] = x[i % n];
#pragma ck_checkpoint binomial(2)
	for (int t = 0; t < 5; t++) {
		static double tmp[8];
		static double m;
		for (int i = 0; i < 8; i++)
			tmp[i] = u[i];
		m = 0.1;
		for (int i = 0; i < 8; i++)
			u[i] = tmp[i] + m * tmp[(i + 1) % 8] * tmp[i];
	}
	double s = 0;
	for (int i = 0; i < 8; i++)
		s += u[i] * u[i];
	return s;
}

static void upd(double *u, int n)
{
#pragma ck_checkpoint save(u[0:n])
	{
		static double tmp[8];
		for (int i = 0; i < 8; i++)
			tmp[i] = (i < n) ? u[i] : 0.0;
		for (int i = 0; i < n; i++)
			u[i] = tmp[i] * tmp[(i + 1) % n] + 0.1;
	}
}

#pragma ck_adjoint wrt(x)
double g(const double *x, int n)
{
	double u[8];
	for (int i = 0; i < n; i++)
		u[i] = x[i];
	upd(u, n);
	upd(u, n);
	double s = 0;
	for (int i = 0; i < n; i++)
		s += u[i] * x[i];
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
	double y[6];
	for (int i = 0; i < 6; i++)
		y[i] = a->x[i] + (i == a->k ? t : 0.0);
	return a->which ? g(y, 6) : f(y, 6);
}

static void grad(const double *x, double *gr, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		gr[i] = 0.0;
	f_b(x, gr, n, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	return f_b_d(x, xd, xb, xbd, n, rb, rbd);
}

int main(void)
{
	volatile double base = 0.2;
	double x[6], gf[6] = { 0.0 }, gg[6] = { 0.0 }, v[6], u[6];
	for (int i = 0; i < 6; i++) {
		x[i] = base + 0.05 * i;
		v[i] = base - 0.1 * i;
		u[i] = 0.05 * i - base;
	}
	ck_equal_bits("primal of f_b", f_b(x, gf, 6, 1.0), f(x, 6));
	ck_equal_bits("primal of g_b", g_b(x, gg, 6, 1.0), g(x, 6));
	for (int k = 0; k < 6; k++) {
		at_ctx a = { x, k, 0 }, b = { x, k, 1 };
		ck_close("f_b against differences", gf[k],
			 ck_richardson(at, &a, CK_FD_H), 1e-8);
		ck_close("g_b against differences", gg[k],
			 ck_richardson(at, &b, CK_FD_H), 1e-8);
	}
	ck_check_hvp("f_b_d", hvp, grad, NULL, x, v, u, NULL, 6, 0.5, 3.0);
	return ck_done();
}
#endif
