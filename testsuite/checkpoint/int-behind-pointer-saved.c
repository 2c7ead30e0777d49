// Integers behind a pointer that a region changes, named in save(): a
// caller's position advanced in a helper's region (save(k[0:1])) and a
// histogram in a binomial loop (save(hist[0:2])).  Without save() they
// are refused (diagnostics/region-int-behind-pointer.c).  A pointer to a
// local integer, which the snapshot holds, needs no save(), also when the
// region reaches the local only through it ((*pcur)++, found by the
// fuzzer: the first version of the rule refused it).  f_b is bit for bit
// that of ckc --no-checkpoint, and checked against differences.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

static double take(const double *x, int *k)
{
	double e;
#pragma ck_checkpoint save(k[0:1])
	{
		e = x[*k] * sin(x[*k]);
		*k = *k + 1;
	}
	return e;
}

#pragma ck_adjoint wrt(x)
double pos(const double *x)
{
	int k = 0;
	double a = take(x, &k);
	return a + take(x, &k) * x[k];
}

#pragma ck_adjoint wrt(x)
double hist(const double *x, int *h, int n)
{
	double s = 0.0;
#pragma ck_checkpoint binomial(2) save(h[0:2])
	for (int i = 0; i < n; i++) {
		int b = x[i] > 0.0;
		h[b]++;
		s += x[i] * x[i] * h[b];
	}
	return s;
}

#pragma ck_adjoint wrt(x)
double count(const double *x, int n)
{
	int cur = 1;
	int *pcur = &cur;
	double s = 0.0;
#pragma ck_checkpoint binomial(2)
	for (int i = 0; i < n; i++) {
		(*pcur)++;
		s += x[i] * x[i] * *pcur;
	}
	return s + cur * x[0];
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

typedef struct {
	double *x;
	int k, which;
} at_ctx;

static double at(double t, void *ctx)
{
	at_ctx *a = ctx;
	double y[6];
	int h[2] = { 0, 0 };
	for (int i = 0; i < 6; i++)
		y[i] = a->x[i] + (i == a->k ? t : 0.0);
	return a->which == 2 ? count(y, 6)
	       : a->which    ? hist(y, h, 6)
			     : pos(y);
}

int main(void)
{
	volatile double base = 0.4;
	double x[6], g[6] = { 0 }, gh[6] = { 0 }, gc[6] = { 0 };
	int h[2] = { 0, 0 };
	for (int i = 0; i < 6; i++)
		x[i] = (i % 2 ? -1.0 : 1.0) * (base + 0.3 * i);
	ck_equal_bits("primal of pos_b", pos_b(x, g, 1.0), pos(x));
	ck_check("hist_b primal", hist_b(x, gh, h, 6, 1.0) > 0.0);
	ck_check("hist_b leaves the histogram as hist does",
		 h[0] == 3 && h[1] == 3);
	ck_equal_bits("primal of count_b", count_b(x, gc, 6, 1.0), count(x, 6));
	for (int k = 0; k < 6; k++) {
		at_ctx a = { x, k, 0 }, b = { x, k, 1 }, c = { x, k, 2 };
		ck_close("pos_b against differences", g[k],
			 ck_richardson(at, &a, CK_FD_H), 1e-8);
		ck_close("hist_b against differences", gh[k],
			 ck_richardson(at, &b, CK_FD_H), 1e-8);
		ck_close("count_b against differences", gc[k],
			 ck_richardson(at, &c, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
