// Sections that a checkpoint's region only stores into: a trajectory that a
// binomial loop writes a step at a time (save(traj[0:steps]), traj[t] =
// ...), one element every step overwrites (y[0] in a binomial loop), a
// region in a time loop whose section the function changes after the loop,
// and an online(K) loop's trajectory of unknown length.
// The region reads none of that data, so it is dead on entry: the snapshots
// leave the sections out (no CK_SAVE_N of them in f_fwd), and f's outputs
// in them are kept around the recomputation and put back.  f_d's and f_b's
// outputs are f's bit for bit, J d against differences, the dot-product
// test, HVPs against differences of gradients, and everything bitwise the
// same without checkpoints.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: grep -v STATS %t.out > %t.grad
// RUN: grep -v STATS %t.nock.out > %t.nock.grad
// RUN: cmp %t.grad %t.nock.grad
// RUN: FileCheck %s --check-prefix=OUT < %t.out
#include <math.h>

#define N 6
#define NT 9

static void step(double *u)
{
	double l = u[N - 1];
	for (int i = 0; i < N; i++) {
		double c = u[i];
		u[i] = c + 0.1 * sin(l - c) * c;
		l = c;
	}
}

#pragma ck_tangent wrt(x) out(traj)
#pragma ck_adjoint wrt(x) out(traj)
#pragma ck_hvp wrt(x) out(traj)
void trajectory(const double *x, double *traj, int steps)
{
	double u[N];
	for (int i = 0; i < N; i++)
		u[i] = x[i];
#pragma ck_checkpoint binomial(3) save(traj[0:steps])
	for (int t = 0; t < steps; t++) {
		step(u);
		traj[t] = u[3] * u[4];
	}
}
// OUT: STATS snapshot_peak_bytes 1176
// CHECK-LABEL: static void trajectory_fwd(const double *x, double *traj, int steps){{$}}
// CHECK-NOT: CK_SAVE_N
// CHECK-LABEL: static void trajectory_bwd(

#pragma ck_tangent wrt(x) out(y)
#pragma ck_adjoint wrt(x) out(y)
#pragma ck_hvp wrt(x) out(y)
void overwritten(const double *x, double *y)
{
	double u[N];
	for (int i = 0; i < N; i++)
		u[i] = x[i];
#pragma ck_checkpoint binomial(2) save(y[0:1])
	for (int t = 0; t < NT; t++) {
		step(u);
		y[0] = u[1] + u[2] * t;
	}
	y[1] = y[0] * u[0];
}
// CHECK-LABEL: static void overwritten_fwd(const double *x, double *y){{$}}
// CHECK-NOT: CK_SAVE_N
// CHECK-LABEL: static void overwritten_bwd(

#pragma ck_tangent wrt(x) out(traj)
#pragma ck_adjoint wrt(x) out(traj)
#pragma ck_hvp wrt(x) out(traj)
void regions(const double *x, double *traj)
{
	double u[N];
	for (int i = 0; i < N; i++)
		u[i] = cos(x[i]);
	for (int t = 0; t < NT; t++) {
#pragma ck_checkpoint save(traj[0:NT])
		{
			step(u);
			traj[t] = u[t % N];
		}
	}
	traj[0] = traj[0] * traj[NT - 1] + u[2];
}
// CHECK-LABEL: static void regions_fwd(const double *x, double *traj){{$}}
// CHECK-NOT: CK_SAVE_N
// CHECK-LABEL: static void regions_bwd(

#define NMAX 40

#pragma ck_tangent wrt(x) out(traj)
#pragma ck_adjoint wrt(x) out(traj)
#pragma ck_hvp wrt(x) out(traj)
void until(const double *x, double *traj)
{
	double u[N], s = 0.0;
	int n = 0;
	for (int i = 0; i < N; i++)
		u[i] = x[i];
#pragma ck_checkpoint online(3) save(traj[0:NMAX])
	while (s < 3.0 && n < NMAX) {
		step(u);
		s += fabs(u[2]) + 0.05;
		traj[n] = u[3] * u[1];
		n++;
	}
	traj[0] += u[0];
}
// CHECK-LABEL: static void until_fwd(const double *x, double *traj){{$}}
// CHECK-NOT: CK_SAVE_N
// CHECK-LABEL: static void until_bwd(

#ifdef CK_TEST_MAIN
#include "ckrt.h"
#include "kernelcheck.h"

/* the three kernels as functions of x, with their output lengths */
typedef struct Kern {
	void (*f)(const double *, double *);
	void (*fd)(const double *, const double *, double *, double *);
	void (*fb)(const double *, double *, double *, double *);
	void (*fbd)(const double *, const double *, double *, double *,
		    double *, double *, double *, double *);
	int m;
} Kern;

void trajectory(const double *x, double *traj, int steps);
void overwritten(const double *x, double *y);
void regions(const double *x, double *traj);
void until(const double *x, double *traj);

static void tr(const double *x, double *y)
{
	trajectory(x, y, NT);
}
static void tr_d(const double *x, const double *xd, double *y, double *yd)
{
	trajectory_d(x, xd, y, yd, NT);
}
static void tr_b(const double *x, double *xb, double *y, double *yb)
{
	trajectory_b(x, xb, y, yb, NT);
}
static void tr_b_d(const double *x, const double *xd, double *xb, double *xbd,
		   double *y, double *yd, double *yb, double *ybd)
{
	trajectory_b_d(x, xd, xb, xbd, y, yd, yb, ybd, NT);
}

static const Kern KERNS[4] = {
	{ tr, tr_d, tr_b, tr_b_d, NT },
	{ overwritten, overwritten_d, overwritten_b, overwritten_b_d, 2 },
	{ regions, regions_d, regions_b, regions_b_d, NT },
	{ until, until_d, until_b, until_b_d, NMAX },
};

static void vf(const double *v, double *y, void *ctx)
{
	((const Kern *)ctx)->f(v, y);
}
static void vf_d(const double *v, const double *vd, double *y, double *yd,
		 void *ctx)
{
	((const Kern *)ctx)->fd(v, vd, y, yd);
}
static void vf_b(const double *v, double *vb, double *y, double *yb, void *ctx)
{
	((const Kern *)ctx)->fb(v, vb, y, yb);
}

/* the gradient of W . y(x), from f_b */
static double W[NMAX];
static void grad(const double *x, double *g, int n, void *ctx)
{
	const Kern *k = ctx;
	double y[NMAX], yb[NMAX];
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	for (int i = 0; i < k->m; i++)
		yb[i] = W[i];
	k->fb(x, g, y, yb);
}

int main(void)
{
	static const char *names[4] = { "trajectory", "overwritten",
					"regions", "until" };
	double x[N], d[N];
	for (int i = 0; i < N; i++) {
		x[i] = 0.5 + 0.5 * ck_rand();
		d[i] = ck_rand();
	}
	for (int i = 0; i < NMAX; i++)
		W[i] = ck_rand();
	for (int k = 0; k < 4; k++) {
		const Kern *kn = &KERNS[k];
		char name[128];
		kc_check_vector(names[k], vf, vf_d, vf_b, (void *)kn, x, NULL,
				N, kn->m, 2);
		/* f_b_d: x_b the gradient of W . y, x_bd its H d, the outputs
		 * f's */
		double y[NMAX] = { 0 }, y0[NMAX] = { 0 }, yd[NMAX] = { 0 };
		double yb[NMAX] = { 0 }, ybd[NMAX] = { 0 };
		double xb[N] = { 0 }, xbd[N] = { 0 }, g[N], hfd[N];
		kn->f(x, y0);
		for (int i = 0; i < kn->m; i++)
			yb[i] = W[i];
		kn->fbd(x, d, xb, xbd, y, yd, yb, ybd);
		snprintf(name, sizeof name, "%s: f_b_d's outputs are f's",
			 names[k]);
		ck_check(name, memcmp(y, y0, kn->m * sizeof *y) == 0);
		grad(x, g, N, (void *)kn);
		snprintf(name, sizeof name, "%s: f_b_d's x_b is f_b's",
			 names[k]);
		ck_check(name, memcmp(g, xb, sizeof g) == 0);
		ck_hvp_richardson(grad, (void *)kn, x, d, N, CK_FD_H, hfd);
		snprintf(name, sizeof name, "%s: f_b_d H d vs differences",
			 names[k]);
		ck_close_vec(name, xbd, hfd, N, CK_HVP_RTOL);
	}
	/* the snapshots of trajectory's binomial(3) loop hold u, not traj:
	 * 1432 bytes at their peak when they held traj too */
	ck_stats st;
	double y[NT], yb[NT], xb[N] = { 0 };
	for (int i = 0; i < NT; i++)
		yb[i] = W[i];
	ck_stats_reset();
	trajectory_b(x, xb, y, yb, NT);
	ck_stats_get(&st);
	printf("STATS snapshot_peak_bytes %zu\n", st.snapshot_peak_bytes);
	return ck_done();
}
#endif
