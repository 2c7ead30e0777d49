// An adaptive time loop (the step size depends on the state; the loop
// stops at t >= T, so its trip count is known only at its end) under
// #pragma ck_checkpoint online(3), in f_b and f_b_d: every derivative is
// bit for bit the one of ckc --no-checkpoint (outputs compared with cmp);
// the gradient against Richardson differences of f, H v against
// differences of gradients and for symmetry; ck_stats gives the trip count
// the first sweep saw and K, and at most 3 snapshots are held.
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
// OUT: STATS f_b steps 27 snapshots 3
// OUT: STATS f_b recomputations more than the steps: yes
// OUT: STATS f_b_d steps 27 snapshots 3
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
// PLAINOUT: STATS f_b steps 0 snapshots 0
#include <math.h>

#define CELLS 8

#pragma ck_adjoint wrt(u0, c)
#pragma ck_hvp wrt(u0, c)
double adapt(const double *u0, double c, double T)
{
	double u[CELLS], f = 0.0, t = 0.0;
	for (int i = 0; i < CELLS; i++)
		u[i] = u0[i];
#pragma ck_checkpoint online(3)
	while (t < T) {
		double dt = 0.02 / (1.0 + u[0] * u[0]);
		for (int i = 1; i < CELLS - 1; i++)
			u[i] = u[i] + dt * (u[i - 1] - 2.0 * u[i] + u[i + 1]) -
			       c * dt * sin(u[i]);
		u[0] = u[0] - dt * u[0] * u[CELLS - 1];
		t += dt;
	}
	for (int i = 0; i < CELLS; i++)
		f += u[i] * u[i];
	return f;
}
// CHECK-LABEL: static double adapt_fwd(const double *u0, double c, double T){{$}}
// CHECK: ck_rv = ck_revolve_online(3);
// CHECK: if (ck_revolve_take(ck_rv)) {
// CHECK: ck_revolve_end(ck_rv);
// CHECK-LABEL: static void adapt_bwd(const double *u0, double *restrict u0_b, double c, double *c_b, double T, double ret_b){{$}}
// CHECK: ck_revolve_next(
// CHECK: ck_revolve_free(

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define T_END 0.5

static double f_of(double h, void *ctx)
{
	const double *pv = ctx; /* p, then v */
	double q[CELLS + 1];
	for (int i = 0; i <= CELLS; i++)
		q[i] = pv[i] + h * pv[CELLS + 1 + i];
	return adapt(q, q[CELLS], T_END);
}

static void grad_b(const double *p, double *g, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	for (int i = 0; i <= CELLS; i++)
		g[i] = 0;
	adapt_b(p, g, p[CELLS], &g[CELLS], T_END, 1.0);
}

static double hvp(const double *p, const double *pd, double *pb, double *pbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return adapt_b_d(p, pd, pb, pbd, p[CELLS], pd[CELLS], &pb[CELLS],
			 &pbd[CELLS], T_END, rb, qb);
}

int main(void)
{
	double p[CELLS + 1], v[CELLS + 1], u[CELLS + 1], pv[2 * CELLS + 2];
	double g[CELLS + 1], pb[CELLS + 1] = {0}, pbd[CELLS + 1] = {0};
	ck_stats st;
	for (int i = 0; i < CELLS; i++)
		p[i] = 0.5 + 0.3 * ck_rand();
	p[CELLS] = 0.3;
	for (int i = 0; i <= CELLS; i++) {
		v[i] = ck_rand();
		u[i] = ck_rand();
		pv[i] = p[i];
		pv[CELLS + 1 + i] = v[i];
	}
	ck_stats_reset();
	grad_b(p, g, CELLS + 1, NULL);
	ck_stats_get(&st);
	printf("STATS f_b steps %llu snapshots %d\n", st.loop_steps,
	       st.loop_snapshots);
	printf("STATS f_b recomputations more than the steps: %s\n",
	       st.recomputations > st.loop_steps ? "yes" : "no");
	for (int i = 0; i <= CELLS; i++)
		printf("gradient %d %a\n", i, g[i]);
	ck_close("gradient along v", ck_dot(g, v, CELLS + 1),
		 ck_richardson(f_of, pv, 1e-3), 1e-8);
	ck_stats_reset();
	hvp(p, v, pb, pbd, 1.0, 0.5, CELLS + 1, NULL);
	ck_stats_get(&st);
	printf("STATS f_b_d steps %llu snapshots %d\n", st.loop_steps,
	       st.loop_snapshots);
	for (int i = 0; i <= CELLS; i++)
		printf("hvp %d %a %a\n", i, pb[i], pbd[i]);
	double y = ck_check_hvp("online", hvp, grad_b, NULL, p, v, u, NULL,
				CELLS + 1, 1.0, 0.5);
	ck_equal_bits("primal", y, adapt(p, p[CELLS], T_END));
	return ck_done();
}
#endif
