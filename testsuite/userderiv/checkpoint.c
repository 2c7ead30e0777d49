// Calls with user-supplied derivatives inside a binomial(3) time loop and
// a ck_checkpoint region, in reverse and second-order mode: the recomputed
// sweeps tape the calls' inputs again, and every derivative is bit for bit
// the one of ckc --no-checkpoint (printed with %a, compared with cmp).
// The gradient against Richardson differences, f_b_d against differences
// of gradients (ck_check_hvp).
// RUN: %ckc -I%S/Inputs %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S/Inputs %S/Inputs/g.c %S/Inputs/upd.c > %t.out
// RUN: %ckc --no-checkpoint -I%S/Inputs %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain -I%S/Inputs %S/Inputs/g.c %S/Inputs/upd.c > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=PLAINOUT < %t.plain.out
// RUN: grep -v STATS %t.out > %t.deriv
// RUN: grep -v STATS %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT: STATS recomputed: yes
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
// PLAINOUT: STATS recomputed: no
#include <math.h>

#include "g.h"
#include "upd.h"

#pragma ck_derivative upd wrt(a, x, y) out(y) tangent(upd_d) adjoint(upd_b) hvp(upd_b_d)
#pragma ck_derivative g wrt(a, b) tangent(g_d) adjoint(g_b) hvp(g_b_d)

#define N 4
#define STEPS 12

#pragma ck_adjoint wrt(x, a)
#pragma ck_hvp wrt(x, a)
double f(const double *x, double a)
{
	double u[N], s = 0.0;
	for (int i = 0; i < N; i++)
		u[i] = x[i];
#pragma ck_checkpoint binomial(3)
	for (int k = 0; k < STEPS; k++) {
		upd(N, 0.1 * a, x, u);
		for (int i = 0; i < N; i++)
			u[i] = 0.5 * sin(u[i]);
	}
#pragma ck_checkpoint
	{
		for (int i = 0; i < N; i++)
			s += g(u[i], a);
		upd(N, a, x, u);
	}
	for (int i = 0; i < N; i++)
		s += u[i] * u[i];
	return s;
}
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, double a, double *a_b, double ret_b){{$}}
// CHECK: upd(4, a2, x, u3);
// CHECK: upd_b(4, a, &ck_p4, x, x_b, u4, u_b);
// CHECK: g_b([[V:ck_v[0-9]*]], &ck_p2, a, &ck_p3, ck_a3);
// CHECK: upd(4, 0.1 * a2, x, u3);
// CHECK: upd_b(4, 0.1 * a, &ck_p, x, x_b, u2, u_b);
// CHECK-LABEL: static void f_bwd_d({{.*}}){{$}}
// CHECK: upd_b_d(4, a, a_d, &ck_p4, &ck_p4_d, x, x_d, x_b, x_bd, u4, u4_d, u_b, u_bd);
// CHECK: g_b_d([[V]], [[V]]_d, &ck_p2, &ck_p2_d, a, a_d, &ck_p3, &ck_p3_d, ck_a3, ck_a3_d);
// CHECK: upd_b_d(4, 0.1 * a, 0.1 * a_d, &ck_p, &ck_p_d, x, x_d, x_b, x_bd, u2, u2_d, u_b, u_bd);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define P (N + 1)

static double p0[P], v[P];

static void grad(const double *p, double *gr, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		gr[i] = 0.0;
	f_b(p, gr, p[N], &gr[N], 1.0);
}

static double hvp(const double *p, const double *pd, double *pb, double *pbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return f_b_d(p, pd, pb, pbd, p[N], pd[N], &pb[N], &pbd[N], rb, qb);
}

static double at(double t, void *ctx)
{
	double q[P];
	(void)ctx;
	for (int i = 0; i < P; i++)
		q[i] = p0[i] + t * v[i];
	return f(q, q[N]);
}

int main(void)
{
	double u[P], gr[P], xb[P] = {0}, xbd[P] = {0}, d = 0;
	ck_stats st;
	for (int i = 0; i < P; i++) {
		p0[i] = 0.5 * ck_rand();
		v[i] = ck_rand();
		u[i] = ck_rand();
	}
	ck_stats_reset();
	grad(p0, gr, P, NULL);
	hvp(p0, v, xb, xbd, 1.0, 0.5, P, NULL);
	ck_stats_get(&st);
	printf("STATS recomputed: %s\n", st.recomputations ? "yes" : "no");
	for (int i = 0; i < P; i++) {
		printf("grad[%d] = %a\n", i, gr[i]);
		printf("x_b[%d] = %a  x_bd[%d] = %a\n", i, xb[i], i, xbd[i]);
		d += gr[i] * v[i];
	}
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	ck_check_hvp("checkpointed", hvp, grad, NULL, p0, v, u, NULL, P, 0.75,
		     -1.25);
	return ck_done();
}
#endif
