// Vector mode, second order: f_b_dv gives ck_nd Hessian-vector products in
// one call, through a binomial(4) time loop and a checkpoint region.
//   - x_b, the primal and each direction of x_bdv (with ret_bdv[k]) are
//     bitwise f_b_d's with that direction, for nd = 1, 2, 7 and 16;
//   - the full Hessian from ck_hessian (libckrt) is bitwise the one from n
//     calls of f_b_d for every chunk size, symmetric, and equal to
//     differences of gradients;
//   - the checkpoints change no bit (the --no-checkpoint build prints the
//     same), recompute what f_b_d recomputes, and keep the snapshots within
//     nd + 1 times f_b's.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: awk -f %S/../tools/direction-loops.awk %t.c > %t.loops
// RUN: not grep -E "(exp|sin|cos)\(" %t.loops
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: grep -v STATS %t.out > %t.deriv
// RUN: grep -v STATS %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT-NOT: FAIL
// OUT: STATS recomputations f_b_d [[R:[0-9]+]] f_b_dv [[R]]
// OUT: STATS ok: nd 1: snapshots
// OUT: STATS ok: nd 16: snapshots
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#define CELLS 12
#define STEPS 20

#pragma ck_adjoint wrt(u0, kappa)
#pragma ck_hvp wrt(u0, kappa)
#pragma ck_hvp wrt(u0, kappa) vector
double heat(const double *u0, double kappa, int steps)
{
	double u[CELLS], un[CELLS];
	double f = 0.0;
	for (int i = 0; i < CELLS; i++)
		u[i] = u0[i];
#pragma ck_checkpoint binomial(4)
	for (int t = 0; t < steps; t++) {
		for (int i = 0; i < CELLS; i++)
			un[i] = u[i];
		for (int i = 1; i < CELLS - 1; i++)
			u[i] = un[i] + kappa * (un[i - 1] - 2 * un[i] + un[i + 1]) -
			       0.1 * sin(un[i]) * un[i];
	}
#pragma ck_checkpoint
	{
		for (int i = 0; i < CELLS; i++)
			f += u[i] * u[i] * exp(u[i]) / (i + 1);
	}
	return f + kappa * kappa * f;
}
// CHECK-LABEL: double heat_b_dv(const double *u0, const double *u0_dv, double *u0_b, double *u0_bdv, double kappa, const double *kappa_dv, double *kappa_b, double *kappa_bdv, int steps, int ck_nd, double ret_b, const double *ret_bdv)
// A snapshot holds the ck_nd tangents of each element, and the tape ck_nd
// tangents per value
// CHECK: CK_SAVE(ck_sn, ck_kappa_dv);
// CHECK: CK_SAVE(ck_sn, u_dv);
// CHECK: ck_push_d(ck_t, un[i{{[0-9]*}} + 1]);
// CHECK-NEXT: ck_push_nd(ck_t, &un_dv[(i{{[0-9]*}} + 1) * ck_nd], ck_nd);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define N (CELLS + 1)

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	memset(g, 0, sizeof(double) * N);
	heat_b(x, g, x[CELLS], &g[CELLS], STEPS, 1.0);
}

/* ck_hessian's shape, by n calls of f_b_d and by f_b_dv */
static void hess_d(void *ctx, const double *x, const double *x_dv,
		   double *x_b, double *x_bdv, int nd)
{
	(void)ctx;
	for (int k = 0; k < nd; k++) {
		double xd[N], xb[N] = {0}, xbd[N] = {0};
		for (int i = 0; i < N; i++)
			xd[i] = x_dv[i * nd + k];
		heat_b_d(x, xd, xb, xbd, x[CELLS], xd[CELLS], &xb[CELLS],
			 &xbd[CELLS], STEPS, 1.0, 0.0);
		for (int i = 0; i < N; i++) {
			x_bdv[i * nd + k] += xbd[i];
			if (k == 0)
				x_b[i] += xb[i];
		}
	}
}

static void hess_dv(void *ctx, const double *x, const double *x_dv,
		    double *x_b, double *x_bdv, int nd)
{
	static const double zeros[16];
	(void)ctx;
	heat_b_dv(x, x_dv, x_b, x_bdv, x[CELLS], x_dv + CELLS * nd,
		  &x_b[CELLS], x_bdv + CELLS * nd, STEPS, nd, 1.0, zeros);
}

int main(void)
{
	static const int nds[] = {1, 2, 7, 16};
	double x[N];
	for (int i = 0; i < CELLS; i++)
		x[i] = 0.5 + 0.0625 * (i % 5) - 0.03125 * (i % 3);
	x[CELLS] = 0.2;

	/* each direction of f_b_dv is f_b_d's, with its ret_bdv[k] */
	ck_stats st;
	unsigned long long rec_d = 0, rec_dv = 0;
	size_t snap_b = 0, snap_dv[4];
	for (int c = 0; c < 4; c++) {
		int nd = nds[c];
		double x_dv[N * 16], x_b[N], x_bdv[N * 16], rbdv[16];
		for (int i = 0; i < N * nd; i++) {
			x_dv[i] = ck_rand() - 0.5;
			x_bdv[i] = 0.125 * (i % 5); /* accumulated into */
		}
		for (int k = 0; k < nd; k++)
			rbdv[k] = ck_rand() - 0.5;
		memset(x_b, 0, sizeof x_b);
		ck_stats_reset();
		double y = heat_b_dv(x, x_dv, x_b, x_bdv, x[CELLS],
				     x_dv + CELLS * nd, &x_b[CELLS],
				     x_bdv + CELLS * nd, STEPS, nd, 0.75, rbdv);
		ck_stats_get(&st);
		rec_dv = st.recomputations;
		snap_dv[c] = st.snapshot_peak_bytes;
		ck_equal_bits("f_b_dv's primal", y, heat(x, x[CELLS], STEPS));
		for (int k = 0; k < nd; k++) {
			double xd[N], xb[N] = {0}, xbd[N];
			for (int i = 0; i < N; i++) {
				xd[i] = x_dv[i * nd + k];
				xbd[i] = 0.125 * ((i * nd + k) % 5);
			}
			ck_stats_reset();
			heat_b_d(x, xd, xb, xbd, x[CELLS], xd[CELLS], &xb[CELLS],
				 &xbd[CELLS], STEPS, 0.75, rbdv[k]);
			ck_stats_get(&st);
			rec_d = st.recomputations;
			int same = 1;
			for (int i = 0; i < N; i++) {
				same &= memcmp(&xbd[i], &x_bdv[i * nd + k],
					       sizeof xbd[i]) == 0;
				same &= memcmp(&xb[i], &x_b[i], sizeof xb[i]) == 0;
			}
			char what[64];
			snprintf(what, sizeof what,
				 "nd %d: direction %d bitwise f_b_d's", nd, k);
			ck_check(what, same);
		}
	}
	printf("STATS recomputations f_b_d %llu f_b_dv %llu\n", rec_d, rec_dv);
	{
		double g[N] = {0};
		ck_stats_reset();
		heat_b(x, g, x[CELLS], &g[CELLS], STEPS, 1.0);
		ck_stats_get(&st);
		snap_b = st.snapshot_peak_bytes;
	}
	/* (STATS lines: the --no-checkpoint build has no snapshots) */
	for (int c = 0; c < 4; c++)
		printf("STATS %s: nd %d: snapshots %zu within %d x f_b's %zu\n",
		       snap_b > 0 && snap_dv[c] <= (size_t)(nds[c] + 1) * snap_b
			       ? "ok"
			       : "FAIL",
		       nds[c], snap_dv[c], nds[c] + 1, snap_b);

	/* the Hessian, by chunks of f_b_dv, by f_b_d, and by differences */
	static double Hd[N * N], H[N * N], Hfd[N * N];
	double g[N], gd[N];
	ck_hessian(hess_d, NULL, N, x, 1, gd, Hd);
	for (int c = 0; c < 4; c++) {
		ck_hessian(hess_dv, NULL, N, x, nds[c], g, H);
		char what[64];
		snprintf(what, sizeof what, "Hessian by f_b_dv, nd %d, is f_b_d's",
			 nds[c]);
		ck_check(what, memcmp(H, Hd, sizeof H) == 0 &&
				       memcmp(g, gd, sizeof g) == 0);
	}
	ck_hessian_fd(grad, NULL, x, N, CK_FD_H, Hfd);
	ck_close_vec("H", H, Hfd, N * N, CK_HVP_RTOL);
	double asym = 0, scale = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			asym = fmax(asym, fabs(H[i * N + j] - H[j * N + i]));
			scale = fmax(scale, fabs(H[i * N + j]));
		}
	ck_check("H symmetric to 1e-12", asym <= 1e-12 * scale);
	return ck_done();
}
#endif
