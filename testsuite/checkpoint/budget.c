// budget(BYTES): the snapshot count chosen at run time from the size of a
// snapshot.  Before a counted for loop it is a binomial schedule
// (ck_revolve_budget: its recomputations are Revolve's optimum for the K
// chosen); before a while loop, an online one.  For both: the gradient is
// bit for bit that of the same loop without the pragma, ck_stats reports
// the K chosen, the snapshots never exceed the budget, and the peak
// (tape and snapshots) never exceeds the budget plus the tape of one step
// (and what the function tapes outside the loop).  CK_BUDGET in the
// environment overrides the pragma.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// OUT: for: K 5, recomputations = Revolve: yes
// OUT: while: K 5
// OUT: for, CK_BUDGET=5K: K 2, recomputations = Revolve: yes
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#ifdef CK_TEST_MAIN
#define _POSIX_C_SOURCE 200112L
#endif
#include <math.h>

#define CELLS 64
#define BUDGET (8 * 1024)

#define STEP                                                                  \
	for (int i = 1; i < CELLS - 1; i++)                                   \
		un[i] = u[i] + 0.2 * (u[i - 1] - 2.0 * u[i] + u[i + 1]) -     \
			0.01 * u[i] * u[i];                                   \
	for (int i = 1; i < CELLS - 1; i++)                                   \
		u[i] = un[i];

#pragma ck_adjoint wrt(u0)
double heat_for(const double *u0, int steps)
{
	double u[CELLS], un[CELLS], f = 0.0;
	for (int i = 0; i < CELLS; i++)
		u[i] = un[i] = u0[i];
#pragma ck_checkpoint budget(BUDGET)
	for (int t = 0; t < steps; t++) {
		STEP
	}
	for (int i = 0; i < CELLS; i++)
		f += u[i] * u[i];
	return f;
}

#pragma ck_adjoint wrt(u0)
double heat_while(const double *u0, double T)
{
	double u[CELLS], un[CELLS], f = 0.0, t = 0.0;
	for (int i = 0; i < CELLS; i++)
		u[i] = un[i] = u0[i];
#pragma ck_checkpoint budget(BUDGET)
	while (t < T) {
		STEP
		t += 0.01 / (1.0 + u[1] * u[1]);
	}
	for (int i = 0; i < CELLS; i++)
		f += u[i] * u[i];
	return f;
}

/* the same loops without checkpoints */
#pragma ck_adjoint wrt(u0)
double heat_for_all(const double *u0, int steps)
{
	double u[CELLS], un[CELLS], f = 0.0;
	for (int i = 0; i < CELLS; i++)
		u[i] = un[i] = u0[i];
	for (int t = 0; t < steps; t++) {
		STEP
	}
	for (int i = 0; i < CELLS; i++)
		f += u[i] * u[i];
	return f;
}

#pragma ck_adjoint wrt(u0)
double heat_while_all(const double *u0, double T)
{
	double u[CELLS], un[CELLS], f = 0.0, t = 0.0;
	for (int i = 0; i < CELLS; i++)
		u[i] = un[i] = u0[i];
	while (t < T) {
		STEP
		t += 0.01 / (1.0 + u[1] * u[1]);
	}
	for (int i = 0; i < CELLS; i++)
		f += u[i] * u[i];
	return f;
}
// CHECK-LABEL: static double heat_for_fwd(const double *u0, int steps){{$}}
// CHECK: ck_rv = ck_revolve_budget(ck_l, (size_t)8192);
// CHECK-LABEL: static double heat_while_fwd(const double *u0, double T){{$}}
// CHECK: ck_rv = ck_revolve_online_budget((size_t)8192);

#ifdef CK_TEST_MAIN
#include <stdlib.h>
#include "ckcheck.h"
#include "ckrt.h"

#define STEPS 300
#define T_END 2.0

static double binom(int n, int k)
{
	double r = 1;
	for (int i = 1; i <= k; i++)
		r = r * (n - k + i) / i;
	return r;
}

static unsigned long long revolve_steps(int l, int s)
{
	int t = 0;
	while (binom(s + t, s) < l)
		t++;
	return (unsigned long long)(t * (double)l - binom(s + t, t - 1));
}

typedef double (*adj)(const double *u0, double *u0_b, double a, double rb);
static double for_b(const double *u0, double *u0_b, double a, double rb)
{
	return heat_for_b(u0, u0_b, (int)a, rb);
}
static double for_all_b(const double *u0, double *u0_b, double a, double rb)
{
	return heat_for_all_b(u0, u0_b, (int)a, rb);
}

/* The gradient of f at a, with the statistics of the call. */
static void run(adj f, double a, const double *u0, double *g, ck_stats *st)
{
	for (int i = 0; i < CELLS; i++)
		g[i] = 0;
	ck_stats_reset();
	f(u0, g, a, 1.0);
	ck_stats_get(st);
}

/* The tape of one step of g (f without checkpoints) and what it tapes
 * outside the loop, from runs with a1 and a2 (trip counts as f reports
 * them). */
static void one_step(adj f, adj g, double a1, double a2, const double *u0,
		     size_t *step, size_t *outside)
{
	double gb[CELLS];
	ck_stats s1, s2, c1, c2;
	run(f, a1, u0, gb, &c1);
	run(f, a2, u0, gb, &c2);
	run(g, a1, u0, gb, &s1);
	run(g, a2, u0, gb, &s2);
	unsigned long long l1 = c1.loop_steps, l2 = c2.loop_steps;
	*step = (s2.tape_peak_bytes - s1.tape_peak_bytes) / (size_t)(l2 - l1);
	*outside = s1.tape_peak_bytes - (size_t)l1 * *step;
}

static void check(const char *what, adj f, adj all, double a, double a1,
		  double a2, const double *u0, size_t budget, int revolve)
{
	double g[CELLS], h[CELLS];
	ck_stats st, sa;
	size_t step, outside;
	char msg[128];
	one_step(f, all, a1, a2, u0, &step, &outside);
	run(all, a, u0, h, &sa);
	run(f, a, u0, g, &st);
	printf("%s: K %d", what, st.loop_snapshots);
	if (revolve)
		printf(", recomputations = Revolve: %s",
		       st.recomputations ==
				       revolve_steps((int)st.loop_steps,
						     st.loop_snapshots)
			       ? "yes"
			       : "no");
	printf("\n");
	int same = 1;
	for (int i = 0; i < CELLS; i++)
		same &= memcmp(&g[i], &h[i], sizeof g[i]) == 0;
	snprintf(msg, sizeof msg, "%s: gradient bitwise without checkpoints",
		 what);
	ck_check(msg, same);
	snprintf(msg, sizeof msg, "%s: steps %llu", what, st.loop_steps);
	ck_check(msg, st.loop_steps > 100);
	snprintf(msg, sizeof msg, "%s: snapshots %zu <= budget %zu", what,
		 st.snapshot_peak_bytes, budget);
	ck_check(msg, st.snapshot_peak_bytes <= budget);
	snprintf(msg, sizeof msg,
		 "%s: peak %zu <= budget + one step %zu + outside %zu", what,
		 st.peak_bytes, step, outside);
	ck_check(msg, st.peak_bytes <= budget + step + outside);
	snprintf(msg, sizeof msg, "%s: uncheckpointed peak %zu is larger",
		 what, sa.peak_bytes);
	ck_check(msg, sa.peak_bytes > 4 * st.peak_bytes);
}

static double while_b(const double *u0, double *u0_b, double a, double rb)
{
	return heat_while_b(u0, u0_b, a, rb);
}
static double while_all_b(const double *u0, double *u0_b, double a, double rb)
{
	return heat_while_all_b(u0, u0_b, a, rb);
}

int main(void)
{
	double u0[CELLS];
	for (int i = 0; i < CELLS; i++)
		u0[i] = 0.5 + 0.3 * ck_rand();
	check("for", for_b, for_all_b, STEPS, 100, 200, u0, BUDGET, 1);
	check("while", while_b, while_all_b, T_END, 0.5, 1.0, u0, BUDGET, 0);
	setenv("CK_BUDGET", "5K", 1);
	check("for, CK_BUDGET=5K", for_b, for_all_b, STEPS, 100, 200, u0, 5120,
	      1);
	unsetenv("CK_BUDGET");
	return ck_done();
}
#endif
