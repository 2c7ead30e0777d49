// Checkpoint regions over data behind an in/out pointer, saved as the
// pragmas' save(p[lo:len]) say: a region per sweep saving u[0:n], a nested
// region on a call saving u[i - 1:3].  f_b_d (wrt(u, c) out(u)) is bit for
// bit the one of ckc --no-checkpoint (outputs compared with cmp), and with
// L = ub . u_out its second-order part (ubd = 0) agrees with Richardson
// differences of the f_b gradient of L (CK_HVP_RTOL = 1e-7), its ubd part
// (u_d = c_d = 0) with f_b seeded with ubd (1e-12); y_d against f_d.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: grep -v STATS %t.out > %t.deriv
// RUN: grep -v STATS %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT-NOT: FAIL
// OUT: STATS recomputations 12
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

static double smooth(double a, double b)
{
	return sqrt(a * a + b * b + 1e-3);
}

#pragma ck_tangent wrt(u, c) out(u)
#pragma ck_adjoint wrt(u, c) out(u)
#pragma ck_hvp wrt(u, c) out(u)
void relax(double *u, double c, int n, int sweeps)
{
	for (int k = 0; k < sweeps; k++) {
#pragma ck_checkpoint save(u[0:n])
		{
			for (int i = 1; i < n - 1; i++) {
#pragma ck_checkpoint save(u[i - 1:3])
				u[i] = 0.5 * u[i] + c * smooth(u[i - 1], u[i + 1]);
			}
		}
	}
}
// CHECK-LABEL: void relax_b_d(double *u, double *u_d, double *u_b, double *u_bd, double c, double c_d, double *c_b, double *c_bd, int n, int sweeps)
// CHECK: CK_SAVE_N({{.*}}, u_d + 0, n);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define N 5
#define SWEEPS 3

static double UB[N];

/* the gradient of L = UB . relax(u, c) in p = (u, c), from relax_b */
static void grad_b(const double *p, double *g, int n, void *ctx)
{
	double u[N], ub[N];
	(void)n;
	(void)ctx;
	for (int i = 0; i < N; i++) {
		u[i] = p[i];
		ub[i] = UB[i];
	}
	g[N] = 0;
	relax_b(u, ub, p[N], &g[N], N, SWEEPS);
	for (int i = 0; i < N; i++)
		g[i] = ub[i];
}

/* relax_b_d on copies, seeds UB and ubd */
static void hvp(const double *p, const double *v, const double *ubd,
		double *g, double *hv, double *uout, double *udout)
{
	double u[N], ud[N], ub[N], ubd2[N], cb = 0, cbd = 0;
	for (int i = 0; i < N; i++) {
		u[i] = p[i];
		ud[i] = v[i];
		ub[i] = UB[i];
		ubd2[i] = ubd[i];
	}
	relax_b_d(u, ud, ub, ubd2, p[N], v[N], &cb, &cbd, N, SWEEPS);
	for (int i = 0; i < N; i++) {
		g[i] = ub[i];
		hv[i] = ubd2[i];
		uout[i] = u[i];
		udout[i] = ud[i];
	}
	g[N] = cb;
	hv[N] = cbd;
}

int main(void)
{
	double p[N + 1], v[N + 1], zero[N + 1] = {0}, ubd[N];
	double g[N + 1], hv[N + 1], fd[N + 1], gq[N + 1], uo[N], udo[N];
	double gb[N + 1], u[N], ud[N], ub[N], cb = 0;
	for (int i = 0; i <= N; i++) {
		p[i] = ck_rand();
		v[i] = ck_rand();
	}
	p[N] = 0.3;
	for (int i = 0; i < N; i++) {
		UB[i] = ck_rand();
		ubd[i] = ck_rand();
	}
	ck_stats_reset();
	hvp(p, v, zero, g, hv, uo, udo);
	ck_stats st;
	ck_stats_get(&st);
	printf("STATS recomputations %llu\n", st.recomputations);
	grad_b(p, gb, N + 1, NULL);
	ck_hvp_richardson(grad_b, NULL, p, v, N + 1, CK_FD_H, fd);
	for (int i = 0; i <= N; i++)
		ck_equal_bits("(u_b, c_b) of relax_b_d = relax_b's", g[i], gb[i]);
	ck_close_vec("(u_bd, c_bd) = H v (ubd = 0) vs differences", hv, fd,
		     N + 1, CK_HVP_RTOL);
	for (int i = 0; i < N; i++) {
		u[i] = p[i];
		ud[i] = v[i];
	}
	relax_d(u, ud, p[N], v[N], N, SWEEPS);
	ck_close_vec("u_d = relax_d's tangent", udo, ud, N, 1e-12);
	for (int i = 0; i < N; i++)
		ck_equal_bits("u = relax's outputs", uo[i], u[i]);

	/* the ubd term: the gradient of ubd . relax, from relax_b */
	hvp(p, zero, ubd, g, hv, uo, udo);
	for (int i = 0; i < N; i++) {
		u[i] = p[i];
		ub[i] = ubd[i];
	}
	relax_b(u, ub, p[N], &cb, N, SWEEPS);
	for (int i = 0; i < N; i++)
		gq[i] = ub[i];
	gq[N] = cb;
	ck_close_vec("(u_bd, c_bd) = ubd . J (u_d = c_d = 0)", hv, gq, N + 1,
		     1e-12);
	return ck_done();
}
#endif
