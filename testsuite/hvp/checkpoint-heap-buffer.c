// f_b_d with malloc'd buffers that a checkpoint region or binomial loop
// reads, whose tangents must agree between the forward and reverse sweeps:
// a buffer without derivatives (a mask) that the region changes, named in
// save(), has no tangent in either (f_b_d faulted: the reverse sweep gave
// it one, read through the null pointer the forward sweep taped for it);
// a buffer of active data (K = exp(-c)) set before a binomial loop that
// only reads it, not saved, keeps the tangent the forward sweep taped (its
// recomputation must read it: without, H v came out 4.73 where 5.48 is
// right).  f_b_d is bit for bit that of ckc --no-checkpoint, and checked
// against differences of gradients and for symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: cmp %t.out %t.plain.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>
#include <stdlib.h>

#pragma ck_hvp wrt(x)
double masked(const double *x, int n)
{
	double *m = malloc((size_t)n * sizeof(double));
	double u[8];
	for (int i = 0; i < n; i++) {
		m[i] = 1.0 + i;
		u[i] = x[i];
	}
	for (int t = 0; t < 3; t++) {
#pragma ck_checkpoint save(m[0:n])
		for (int i = 0; i < n; i++) {
			m[i] = m[i] * 0.5;
			u[i] = sin(u[i]) * m[i];
		}
	}
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += u[i] * u[i];
	free(m);
	return s;
}
// CHECK-LABEL: static void masked_bwd_d({{.*}}){{$}}
// CHECK-NOT: m_d
// CHECK: CK_LOAD_N(ck_s, m + 0, n);
// CHECK-NEXT: CK_SKIP_N(ck_s, m + 0, n);
// CHECK-NOT: m_d
// CHECK-LABEL: double decay_b_d(

#pragma ck_hvp wrt(c)
double decay(const double *c, int n)
{
	double *K = malloc((size_t)n * sizeof(double));
	double u[8];
	for (int i = 0; i < n; i++) {
		K[i] = exp(-c[i]);
		u[i] = 0.5 + 0.1 * i;
	}
#pragma ck_checkpoint binomial(2)
	for (int t = 0; t < 5; t++)
		for (int i = 0; i < n; i++)
			u[i] = sin(u[i] * K[i]);
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += u[i] * u[i];
	free(K);
	return s;
}
// CHECK-LABEL: static void decay_bwd_d({{.*}}){{$}}
// CHECK: K_d = ck_pop_p(ck_t);
// CHECK-NEXT: K = ck_pop_p(ck_t);
// CHECK: u2_d[i{{[0-9]*}}] = cos(u2[i{{[0-9]*}}] * K[i{{[0-9]*}}]) * (u2_d[i{{[0-9]*}}] * K[i{{[0-9]*}}] + u2[i{{[0-9]*}}] * K_d[i{{[0-9]*}}]);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static int which;

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	double xd[8] = { 0.0 }, gd[8] = { 0.0 };
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	if (which)
		decay_b_d(x, xd, g, gd, n, 1.0, 0.0);
	else
		masked_b_d(x, xd, g, gd, n, 1.0, 0.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	return which ? decay_b_d(x, xd, xb, xbd, n, rb, rbd)
		     : masked_b_d(x, xd, xb, xbd, n, rb, rbd);
}

int main(void)
{
	volatile double base = 0.3; /* (no constant folding of sin) */
	double x[5], v[5], w[5];
	for (int i = 0; i < 5; i++) {
		x[i] = base + 0.1 * i;
		v[i] = base + 0.2 - 0.2 * i;
		w[i] = 0.1 * i - base - 0.1;
	}
	for (which = 0; which < 2; which++) {
		double xd[5] = { 0.0 }, xb[5] = { 0.0 }, xbd[5] = { 0.0 };
		ck_equal_bits("primal of f_b_d", hvp(x, xd, xb, xbd, 1.0, 0.0, 5,
						      NULL),
			      which ? decay(x, 5) : masked(x, 5));
		ck_check_hvp("f_b_d", hvp, grad, NULL, x, v, w, NULL, 5, 0.5,
			     3.0);
	}
	return ck_done();
}
#endif
