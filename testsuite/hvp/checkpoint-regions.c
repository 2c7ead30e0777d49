// Checkpoint regions in a second-order adjoint: a block and a call inside
// a time loop, and a loop after it, over a local state array.  Every
// derivative f_b_d computes (x_b, x_bd, c_b, c_bd, the primal) is bit for
// bit the same as with ckc --no-checkpoint (the outputs, which print them
// in hex, are compared with cmp); f_b_d's H v against Richardson
// differences of the f_b gradient (CK_HVP_RTOL = 1e-7), the ret_bd * grad
// term separately, accumulation, symmetry; and the region entries recompute
// as DESIGN section 4 counts them (1 per entry: 2 per step plus 1).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: FileCheck %s --check-prefix=PLAIN --input-file %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=PLAINOUT < %t.plain.out
// RUN: grep -v STATS %t.out > %t.deriv
// RUN: grep -v STATS %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT-NOT: FAIL
// OUT: STATS hvp recomputations 9
// OUT: {{[1-9][0-9]*}} checks, 0 failed
// PLAINOUT: STATS hvp recomputations 0
#include <math.h>

static void step(double *v, double c, int n)
{
	for (int i = 1; i < n; i++)
		v[i] = v[i] + c * v[i - 1] * v[i];
}

#pragma ck_adjoint wrt(x, c)
#pragma ck_hvp wrt(x, c)
double f(const double *x, double c, int n, int steps)
{
	double v[8], acc = 0.0;
	for (int i = 0; i < 8; i++)
		v[i] = 0.0;
	for (int i = 0; i < n; i++)
		v[i] = x[i];
	for (int t = 0; t < steps; t++) {
#pragma ck_checkpoint
		{
			for (int i = 0; i < n; i++)
				v[i] = v[i] + 0.1 * sin(c * v[(i + 1) % n]);
		}
#pragma ck_checkpoint
		step(v, c, n);
		acc += v[0] * v[n - 1];
	}
#pragma ck_checkpoint
	for (int i = 0; i < n; i++)
		acc += exp(0.1 * v[i]) * v[i];
	return acc;
}
// CHECK-LABEL: double f_b_d(const double *x, const double *x_d, double *x_b, double *x_bd, double c, double c_d, double *c_b, double *c_bd, int n, int steps, double ret_b, double ret_bd)
// The forward sweep stores the region's inputs and their tangents, and
// tapes nothing inside the block region; the call region runs the plain
// tangent of step:
// CHECK-LABEL: static double f_fwd_d({{.*}}){{$}}
// CHECK: CK_SAVE({{[a-z_0-9]+}}, v_d);
// CHECK: ck_push_p(
// CHECK-NOT: ck_push_{{[di]}}(
// CHECK: step_d(v, v_d, c, c_d, n);
// PLAIN-LABEL: double f_b_d(
// PLAIN-NOT: CK_SAVE

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define N 5
#define STEPS 4

static void grad_b(const double *p, double *g, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	for (int i = 0; i <= N; i++)
		g[i] = 0;
	f_b(p, g, p[N], &g[N], N, STEPS, 1.0);
}

static double hvp(const double *p, const double *pd, double *pb, double *pbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return f_b_d(p, pd, pb, pbd, p[N], pd[N], &pb[N], &pbd[N], N, STEPS,
		     rb, qb);
}

int main(void)
{
	double p[N + 1], v[N + 1], u[N + 1], pb[N + 1] = {0}, pbd[N + 1] = {0};
	for (int i = 0; i <= N; i++) {
		p[i] = 0.8 * ck_rand();
		v[i] = ck_rand();
		u[i] = ck_rand();
	}
	p[N] = 0.6;
	ck_stats_reset();
	hvp(p, v, pb, pbd, 1.0, 0.5, N, NULL);
	ck_stats st;
	ck_stats_get(&st);
	printf("STATS hvp recomputations %llu\n", st.recomputations);
	double y = ck_check_hvp("regions", hvp, grad_b, NULL, p, v, u, NULL,
				N + 1, 0.75, -1.25);
	ck_equal_bits("primal", y, f(p, p[N], N, STEPS));
	return ck_done();
}
#endif
