// A time loop under #pragma ck_checkpoint binomial(4) in a second-order
// adjoint: 60 steps of a nonlinear explicit stencil on 16 cells, with a
// coefficient c.  Every derivative of f_b_d is bit for bit the one of ckc
// --no-checkpoint (outputs compared with cmp); H v against Richardson
// differences of the f_b gradient (CK_HVP_RTOL = 1e-7), the ret_bd * grad
// term separately, accumulation, symmetry; the steps recomputed are exactly
// Revolve's optimum F(60, 4) = t l - C(s + t, t - 1), computed here from
// the formula (DESIGN section 8), for f_b and for f_b_d.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=PLAINOUT < %t.plain.out
// RUN: grep -v STATS %t.out > %t.deriv
// RUN: grep -v STATS %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT: STATS f_b_d recomputations = Revolve: yes
// OUT: STATS f_b recomputations = Revolve: yes
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
// PLAINOUT: STATS f_b_d recomputations 0
#include <math.h>

#define CELLS 16

#pragma ck_adjoint wrt(u0, c)
#pragma ck_hvp wrt(u0, c)
double stencil(const double *u0, double c, int steps)
{
	double u[CELLS], un[CELLS];
	double f = 0.0;
	for (int i = 0; i < CELLS; i++) {
		u[i] = u0[i];
		un[i] = u0[i];
	}
#pragma ck_checkpoint binomial(4)
	for (int t = 0; t < steps; t++) {
		for (int i = 1; i < CELLS - 1; i++)
			un[i] = u[i] - c * u[i] * (u[i + 1] - u[i - 1]) +
				0.2 * (u[i + 1] - 2.0 * u[i] + u[i - 1]);
		for (int i = 1; i < CELLS - 1; i++)
			u[i] = un[i];
	}
	for (int i = 0; i < CELLS; i++)
		f += u[i] * u[i] * u[i];
	return f;
}
// CHECK-LABEL: double stencil_b_d(const double *u0, const double *u0_d, double *u0_b, double *u0_bd, double c, double c_d, double *c_b, double *c_bd, int steps, double ret_b, double ret_bd)
// CHECK: ck_revolve_new({{.*}}, 4);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define STEPS 60
#define SNAPS 4

static double binom(int n, int k)
{
	double r = 1;
	for (int i = 1; i <= k; i++)
		r = r * (n - k + i) / i;
	return r;
}

/* Revolve's forward-step count for l steps and s snapshots */
static unsigned long long revolve_steps(int l, int s)
{
	int t = 0;
	while (binom(s + t, s) < l)
		t++;
	return (unsigned long long)(t * (double)l - binom(s + t, t - 1));
}

static void grad_b(const double *p, double *g, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	for (int i = 0; i <= CELLS; i++)
		g[i] = 0;
	stencil_b(p, g, p[CELLS], &g[CELLS], STEPS, 1.0);
}

static double hvp(const double *p, const double *pd, double *pb, double *pbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return stencil_b_d(p, pd, pb, pbd, p[CELLS], pd[CELLS], &pb[CELLS],
			   &pbd[CELLS], STEPS, rb, qb);
}

int main(void)
{
	double p[CELLS + 1], v[CELLS + 1], u[CELLS + 1];
	double pb[CELLS + 1] = {0}, pbd[CELLS + 1] = {0};
	ck_stats st;
	for (int i = 0; i < CELLS; i++)
		p[i] = 0.5 + 0.3 * ck_rand();
	p[CELLS] = 0.1;
	for (int i = 0; i <= CELLS; i++) {
		v[i] = ck_rand();
		u[i] = ck_rand();
	}
	unsigned long long want = revolve_steps(STEPS, SNAPS);
	ck_stats_reset();
	hvp(p, v, pb, pbd, 1.0, 0.5, CELLS + 1, NULL);
	ck_stats_get(&st);
	printf("STATS f_b_d recomputations %llu\n", st.recomputations);
	printf("STATS f_b_d recomputations = Revolve: %s\n",
	       st.recomputations == want ? "yes" : "no");
	ck_stats_reset();
	grad_b(p, pb, CELLS + 1, NULL);
	ck_stats_get(&st);
	printf("STATS f_b recomputations = Revolve: %s\n",
	       st.recomputations == want ? "yes" : "no");
	double y = ck_check_hvp("binomial", hvp, grad_b, NULL, p, v, u, NULL,
				CELLS + 1, 1.0, 0.5);
	ck_equal_bits("primal", y, stencil(p, p[CELLS], STEPS));
	return ck_done();
}
#endif
