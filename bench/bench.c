/*
 * bench.c - ckc's benchmark driver: for each kernel, the time of its
 * gradient (ckc's adjoint f_b, a hand-written adjoint, ADOL-C), of one
 * directional derivative (ckc's tangent f_d) and of one Hessian-vector
 * product (ckc's second-order adjoint f_b_d, ADOL-C's hess_vec), each
 * divided by the time of the kernel itself, all measured in one run.
 *
 * Built and run by bench/run.sh (`make bench`), which defines
 *   BENCH_ADJOINT_<KERNEL>  when ckc generated <kernel>_b as well as _d;
 *   BENCH_HVP_<KERNEL>      when ckc generated <kernel>_b_d too;
 *   BENCH_ADOLC             when ADOL-C is there (adolc.cc is linked in);
 *   BENCH_KERNEL_<NAME>     when ckc differentiated the kernel <name> of
 *                           examples/kernels (kernels.c wraps them); these
 *                           have no hand-written or ADOL-C versions, and
 *                           ckc's f_b is their reference gradient.
 *
 * Before timing, every gradient is compared with the hand-written one, or
 * ckc's f_b where there is none (and that one with finite differences),
 * every Hessian-vector product with Richardson-extrapolated differences of
 * those reference gradients and with
 * ADOL-C's; a mismatch is printed as MISMATCH and makes the exit status 1.  Timing: a loop of calls of each method that
 * runs for at least 0.2 s, timed with CLOCK_MONOTONIC in 5 rounds that take
 * every method once; a ratio is the median over the rounds of the method's
 * time over the primal's in the same round.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "mlp.h"

#include "heat_grad.h"
#include "logreg_grad.h"
#include "mlp_grad.h"
#include "rosenbrock_grad.h"

/* the largest n of the kernels */
#define MAXN (MLP_NW + MLP_N0 > BA_BENCH_N ? MLP_NW + MLP_N0 : BA_BENCH_N)

/* One kernel, seen as a function of the vector v of its active inputs. */
typedef struct Kernel {
	const char *name;
	int id; /* K_ROSENBROCK, ...: the ADOL-C tape number; -1: no ADOL-C
		   version (examples/kernels) */
	int n;  /* active inputs */
	void (*init)(double *v);
	double (*primal)(const double *v);
	/* ckc's tangent: returns the value, *dot = gradient . d */
	double (*tangent)(const double *v, const double *d, double *dot);
	/* ckc's adjoint, NULL when ckc did not generate it: g += gradient */
	double (*adjoint)(const double *v, double *g);
	/* the hand-written adjoint, same contract; NULL for the kernels of
	 * examples/kernels, whose reference gradient is ckc's f_b, checked
	 * against differences and f_d */
	double (*hand)(const double *v, double *g);
	/* ckc's second-order adjoint, NULL when ckc did not generate it:
	 * g += gradient, hv += H d (seeds ret_b = 1, ret_bd = 0) */
	double (*hvp)(const double *v, const double *d, double *g, double *hv);
} Kernel;

/* rosenbrock: v = x */
static void rosen_init(double *v)
{
	int i;

	for (i = 0; i < ROSEN_N; i++)
		v[i] = bench_uniform();
}
static double rosen_primal(const double *v)
{
	return rosenbrock(v, ROSEN_N);
}
static double rosen_tangent(const double *v, const double *d, double *dot)
{
	return rosenbrock_d(v, d, ROSEN_N, dot);
}
static double rosen_hand(const double *v, double *g)
{
	return rosenbrock_hand_b(v, g, ROSEN_N, 1.0);
}
#ifdef BENCH_ADJOINT_ROSENBROCK
static double rosen_adjoint(const double *v, double *g)
{
	return rosenbrock_b(v, g, ROSEN_N, 1.0);
}
#else
#define rosen_adjoint NULL
#endif
#ifdef BENCH_HVP_ROSENBROCK
static double rosen_hvp(const double *v, const double *d, double *g,
			double *hv)
{
	return rosenbrock_b_d(v, d, g, hv, ROSEN_N, 1.0, 0.0);
}
#else
#define rosen_hvp NULL
#endif

/* heat: v = u0 */
static void heat_init(double *v)
{
	int i;

	for (i = 0; i < HEAT_CELLS; i++)
		v[i] = bench_uniform();
}
static double heat_primal(const double *v)
{
	return heat_objective(v, HEAT_STEPS);
}
static double heat_tangent(const double *v, const double *d, double *dot)
{
	return heat_objective_d(v, d, HEAT_STEPS, dot);
}
static double heat_hand(const double *v, double *g)
{
	return heat_objective_hand_b(v, g, HEAT_STEPS, 1.0);
}
#ifdef BENCH_ADJOINT_HEAT
static double heat_adjoint(const double *v, double *g)
{
	return heat_objective_b(v, g, HEAT_STEPS, 1.0);
}
#else
#define heat_adjoint NULL
#endif
#ifdef BENCH_HVP_HEAT
static double heat_hvp(const double *v, const double *d, double *g,
		       double *hv)
{
	return heat_objective_b_d(v, d, g, hv, HEAT_STEPS, 1.0, 0.0);
}
#else
#define heat_hvp NULL
#endif

/* logreg: v = w (LOGREG_D weights and the bias) */
static void logreg_init(double *v)
{
	int i;

	for (i = 0; i <= LOGREG_D; i++)
		v[i] = 0.5 * bench_uniform();
}
static double logreg_primal(const double *v)
{
	return logreg_loss(v, logreg_X, logreg_y, LOGREG_N, LOGREG_D,
			   LOGREG_LAMBDA);
}
static double logreg_tangent(const double *v, const double *d, double *dot)
{
	return logreg_loss_d(v, d, logreg_X, logreg_y, LOGREG_N, LOGREG_D,
			     LOGREG_LAMBDA, dot);
}
static double logreg_hand(const double *v, double *g)
{
	return logreg_loss_hand_b(v, g, logreg_X, logreg_y, LOGREG_N, LOGREG_D,
				  LOGREG_LAMBDA, 1.0);
}
#ifdef BENCH_ADJOINT_LOGREG
static double logreg_adjoint(const double *v, double *g)
{
	return logreg_loss_b(v, g, logreg_X, logreg_y, LOGREG_N, LOGREG_D,
			     LOGREG_LAMBDA, 1.0);
}
#else
#define logreg_adjoint NULL
#endif
#ifdef BENCH_HVP_LOGREG
static double logreg_hvp(const double *v, const double *d, double *g,
			 double *hv)
{
	return logreg_loss_b_d(v, d, g, hv, logreg_X, logreg_y, LOGREG_N,
			       LOGREG_D, LOGREG_LAMBDA, 1.0, 0.0);
}
#else
#define logreg_hvp NULL
#endif

/* mlp: v = the MLP_NW weights, then the MLP_N0 inputs; weights uniform in
 * +-sqrt(3 / fan-in), biases 0.1 * uniform, as in examples/mlp. */
static void mlp_init(double *v)
{
	static const int off[3] = { MLP_L1, MLP_L2, MLP_L3 };
	static const int nin[3] = { MLP_N0, MLP_N1, MLP_N2 };
	static const int nout[3] = { MLP_N1, MLP_N2, MLP_N3 };
	int l, i;

	for (l = 0; l < 3; l++) {
		double scale = sqrt(3.0 / nin[l]);
		for (i = 0; i < nout[l] * nin[l]; i++)
			v[off[l] + i] = scale * bench_uniform();
		for (; i < nout[l] * (nin[l] + 1); i++)
			v[off[l] + i] = 0.1 * bench_uniform();
	}
	for (i = 0; i < MLP_N0; i++)
		v[MLP_NW + i] = bench_uniform();
}
static double mlp_primal(const double *v)
{
	return mlp_loss(v, v + MLP_NW, mlp_target);
}
static double mlp_tangent(const double *v, const double *d, double *dot)
{
	return mlp_loss_d(v, d, v + MLP_NW, d + MLP_NW, mlp_target, dot);
}
static double mlp_hand(const double *v, double *g)
{
	return mlp_loss_hand_b(v, g, v + MLP_NW, g + MLP_NW, mlp_target, 1.0);
}
#ifdef BENCH_ADJOINT_MLP
static double mlp_adjoint(const double *v, double *g)
{
	return mlp_loss_b(v, g, v + MLP_NW, g + MLP_NW, mlp_target, 1.0);
}
#else
#define mlp_adjoint NULL
#endif
#ifdef BENCH_HVP_MLP
static double mlp_hvp(const double *v, const double *d, double *g, double *hv)
{
	return mlp_loss_b_d(v, d, g, hv, v + MLP_NW, d + MLP_NW, g + MLP_NW,
			    hv + MLP_NW, mlp_target, 1.0, 0.0);
}
#else
#define mlp_hvp NULL
#endif

static const Kernel kernels[] = {
	{ "rosenbrock", K_ROSENBROCK, ROSEN_N, rosen_init, rosen_primal,
	  rosen_tangent, rosen_adjoint, rosen_hand, rosen_hvp },
	{ "heat", K_HEAT, HEAT_CELLS, heat_init, heat_primal, heat_tangent,
	  heat_adjoint, heat_hand, heat_hvp },
	{ "logreg", K_LOGREG, LOGREG_D + 1, logreg_init, logreg_primal,
	  logreg_tangent, logreg_adjoint, logreg_hand, logreg_hvp },
	{ "mlp", K_MLP, MLP_NW + MLP_N0, mlp_init, mlp_primal, mlp_tangent,
	  mlp_adjoint, mlp_hand, mlp_hvp },
	/* examples/kernels (kernels.c), where ckc generated their
	 * derivatives */
#ifdef BENCH_KERNEL_BA
	{ "ba", -1, BA_BENCH_N, ba_init, ba_primal, ba_tangent, ba_adjoint,
	  NULL, ba_hvp },
#endif
#ifdef BENCH_KERNEL_LSTM
	{ "lstm", -1, LSTM_BENCH_N, lstm_init, lstm_primal, lstm_tangent,
	  lstm_adjoint, NULL, lstm_hvp },
#endif
#ifdef BENCH_KERNEL_GMM
	{ "gmm", -1, GMM_BENCH_N, gmm_init, gmm_primal, gmm_tangent,
	  gmm_adjoint, NULL, gmm_hvp },
#endif
#ifdef BENCH_KERNEL_HAND
	{ "hand", -1, HAND_BENCH_N, hand_init, hand_primal, hand_tangent,
	  hand_adjoint, NULL, hand_hvp },
#endif
};
#define NKERNELS (int)(sizeof kernels / sizeof kernels[0])

/* What is timed: the columns of the tables (first order up to
 * M_ADOLC_TAPE, then the Hessian-vector products). */
enum {
	M_PRIMAL,
	M_TANGENT,
	M_ADJOINT,
	M_HAND,
	M_ADOLC_GRAD,
	M_ADOLC_TAPE,
	M_HVP,
	M_ADOLC_HV,
	M_ADOLC_TAPE_HV,
	M_COUNT
};
#define M_FIRST_ORDER (M_ADOLC_TAPE + 1)

static double v[MAXN], d[MAXN], g[MAXN], hv[MAXN];
static volatile double sink; /* keeps the results alive */
static int failures;

/* One call of method m on kernel k at v.  The adjoints accumulate, so their
 * gradient is zeroed first (and timed with them). */
static void call(const Kernel *k, int m)
{
	double dot;

	switch (m) {
	case M_PRIMAL:
		sink = k->primal(v);
		break;
	case M_TANGENT:
		sink = k->tangent(v, d, &dot);
		sink = dot;
		break;
	case M_ADJOINT:
		memset(g, 0, k->n * sizeof *g);
		sink = k->adjoint(v, g);
		break;
	case M_HAND:
		memset(g, 0, k->n * sizeof *g);
		sink = k->hand(v, g);
		break;
	case M_HVP:
		memset(g, 0, k->n * sizeof *g);
		memset(hv, 0, k->n * sizeof *hv);
		sink = k->hvp(v, d, g, hv);
		break;
#ifdef BENCH_ADOLC
	case M_ADOLC_TAPE_HV:
		adolc_tape(k->id, v, k->n);
		/* fall through */
	case M_ADOLC_HV:
		adolc_hess_vec(k->id, v, k->n, d, hv);
		break;
	case M_ADOLC_TAPE:
		adolc_tape(k->id, v, k->n);
		/* fall through */
	case M_ADOLC_GRAD:
		adolc_gradient(k->id, v, k->n, g);
		break;
#endif
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double time_loop(const Kernel *k, int m, long reps)
{
	double t0 = now();
	long r;

	for (r = 0; r < reps; r++)
		call(k, m);
	return now() - t0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The calls of method m on k that take >= 0.2 s: the loop grows until one
 * run of it takes that long. */
static long calibrate(const Kernel *k, int m)
{
	double t;
	long reps = 1;

	while ((t = time_loop(k, m, reps)) < 0.2) {
		double grow = t > 0 ? 0.25 / t : 100;
		reps = (long)(reps * (grow > 100 ? 100 : grow < 2 ? 2 : grow));
	}
	return reps;
}

/* Seconds per call of every method of k that have[m] says exists (into
 * t[m]), and each one's time over the primal's (into ratio[m]): 5 rounds,
 * each timing every method once with a loop of >= 0.2 s, so that a slow
 * spell of the machine slows the methods of one round together; the
 * medians of the 5 rounds. */
static void measure(const Kernel *k, const int *have, double *t, double *ratio)
{
	double s[M_COUNT][5], r[M_COUNT][5];
	long reps[M_COUNT];
	int m, i;

	for (m = 0; m < M_COUNT; m++)
		if (have[m])
			reps[m] = calibrate(k, m);
	for (i = 0; i < 5; i++)
		for (m = 0; m < M_COUNT; m++)
			if (have[m])
				s[m][i] = time_loop(k, m, reps[m]) / reps[m];
	for (m = 0; m < M_COUNT; m++) {
		if (!have[m])
			continue;
		for (i = 0; i < 5; i++)
			r[m][i] = s[m][i] / s[M_PRIMAL][i];
		qsort(s[m], 5, sizeof s[m][0], cmp_double);
		qsort(r[m], 5, sizeof r[m][0], cmp_double);
		t[m] = s[m][2];
		ratio[m] = r[m][2];
	}
}

/* max_i |a_i - b_i| / max_i |b_i| */
static double rel_err(const double *a, const double *b, int n)
{
	double num = 0, den = 0;
	int i;

	for (i = 0; i < n; i++) {
		num = fmax(num, fabs(a[i] - b[i]));
		den = fmax(den, fabs(b[i]));
	}
	return den > 0 ? num / den : num;
}

static void mismatch(const Kernel *k, const char *what, double err, double tol)
{
	printf("MISMATCH: %s: %s: relative difference %.1e > %.0e\n", k->name,
	       what, err, tol);
	failures++;
}

static void value_mismatch(const Kernel *k, const char *who)
{
	printf("MISMATCH: %s: %s returns another value than the kernel\n",
	       k->name, who);
	failures++;
}

/* The kernel at v + t d. */
static double along(const Kernel *k, double t)
{
	static double vt[MAXN];
	int i;

	for (i = 0; i < k->n; i++)
		vt[i] = v[i] + t * d[i];
	return k->primal(vt);
}

/* The reference gradient: the hand-written one, or ckc's f_b where there
 * is none. */
static double (*reference(const Kernel *k))(const double *, double *)
{
	return k->hand ? k->hand : k->adjoint;
}

/* The reference gradient at v + t d, into gt. */
static void ref_along(const Kernel *k, double t, double *gt)
{
	static double vt[MAXN];
	int i;

	for (i = 0; i < k->n; i++)
		vt[i] = v[i] + t * d[i];
	memset(gt, 0, k->n * sizeof *gt);
	reference(k)(vt, gt);
}

/* The checks' relative differences, -1 where there is nothing to check:
 * the reference gradient (hand-written, else ckc's f_b) against finite
 * differences, and ckc's f_d, ckc's f_b and ADOL-C against it; then second
 * order: H d from ckc's f_b_d and from ADOL-C's hess_vec against
 * differences of reference gradients along d, f_b_d's gradient against
 * the reference, and f_b_d's H d against ADOL-C's. */
enum {
	E_HAND_FD,
	E_TANGENT,
	E_ADJOINT,
	E_ADOLC,
	E_HVP_FD,
	E_HVP_GRAD,
	E_ADOLC_HV_FD,
	E_HVP_ADOLC,
	E_COUNT
};
#define E_FIRST_ORDER E_HVP_FD

/* The second-order checks (see above) at v along d; href is the
 * hand-written gradient at v and f the kernel's value there.  The
 * differences of gradients are Richardson-extrapolated,
 * (4 D(h/2) - D(h)) / 3 with D(h) = (g(v + h d) - g(v - h d)) / 2h, with h
 * small enough that no relu of the MLP changes sides. */
static void verify_hvp(const Kernel *k, const double *href, double f,
		       double *err)
{
	static double fd[MAXN], gp[MAXN], gm[MAXN], gp2[MAXN], gm2[MAXN];
	static double hv_ckc[MAXN];
	const double h = 1e-5;
	int i;

	ref_along(k, h, gp);
	ref_along(k, -h, gm);
	ref_along(k, h / 2, gp2);
	ref_along(k, -h / 2, gm2);
	for (i = 0; i < k->n; i++)
		fd[i] = (4 * (gp2[i] - gm2[i]) / h - (gp[i] - gm[i]) / (2 * h)) /
			3;
	if (k->hvp) {
		memset(g, 0, k->n * sizeof *g);
		memset(hv_ckc, 0, k->n * sizeof *hv_ckc);
		if (k->hvp(v, d, g, hv_ckc) != f)
			value_mismatch(k, "ckc f_b_d");
		err[E_HVP_FD] = rel_err(hv_ckc, fd, k->n);
		if (err[E_HVP_FD] > 1e-6)
			mismatch(k, "ckc f_b_d's H d vs differences of gradients",
				 err[E_HVP_FD], 1e-6);
		err[E_HVP_GRAD] = rel_err(g, href, k->n);
		if (err[E_HVP_GRAD] > 1e-10)
			mismatch(k, "ckc f_b_d's gradient vs the reference",
				 err[E_HVP_GRAD], 1e-10);
	}
#ifdef BENCH_ADOLC
	if (k->id < 0)
		return;
	adolc_tape(k->id, v, k->n);
	adolc_hess_vec(k->id, v, k->n, d, hv);
	err[E_ADOLC_HV_FD] = rel_err(hv, fd, k->n);
	if (err[E_ADOLC_HV_FD] > 1e-6)
		mismatch(k, "ADOL-C's H d vs differences of gradients",
			 err[E_ADOLC_HV_FD], 1e-6);
	if (k->hvp) {
		err[E_HVP_ADOLC] = rel_err(hv_ckc, hv, k->n);
		if (err[E_HVP_ADOLC] > 1e-10)
			mismatch(k, "ckc f_b_d's H d vs ADOL-C's",
				 err[E_HVP_ADOLC], 1e-10);
	}
#endif
}

/* Compares every derivative with the reference gradient href at v (the
 * hand-written one, else ckc's f_b; f_d with href . d, relative to
 * sum |href_i d_i|; gradients by max |g_i - href_i| / max |href_i|), and
 * href . d with Richardson-extrapolated central differences along d. */
static void verify(const Kernel *k, double *err)
{
	static double href[MAXN];
	const double h = 1e-5;
	double f = k->primal(v), ref = 0, scale = 0, dot, fd;
	int i;

	for (i = 0; i < E_COUNT; i++)
		err[i] = -1;
	memset(href, 0, k->n * sizeof *href);
	if (reference(k)(v, href) != f)
		value_mismatch(k, k->hand ? "the hand-written adjoint"
					  : "ckc f_b");
	for (i = 0; i < k->n; i++) {
		ref += href[i] * d[i];
		scale += fabs(href[i] * d[i]);
	}
	fd = (4 * (along(k, h / 2) - along(k, -h / 2)) / h -
	      (along(k, h) - along(k, -h)) / (2 * h)) /
	     3;
	err[E_HAND_FD] = fabs(fd - ref) / scale;
	if (err[E_HAND_FD] > 1e-6)
		mismatch(k, k->hand ? "hand-written gradient vs finite "
				      "differences"
				    : "ckc f_b vs finite differences",
			 err[E_HAND_FD], 1e-6);
	if (k->tangent(v, d, &dot) != f)
		value_mismatch(k, "ckc f_d");
	err[E_TANGENT] = fabs(dot - ref) / scale;
	if (err[E_TANGENT] > 1e-10)
		mismatch(k, "ckc f_d vs the reference gradient . d",
			 err[E_TANGENT], 1e-10);
	if (k->adjoint && k->hand) {
		memset(g, 0, k->n * sizeof *g);
		if (k->adjoint(v, g) != f)
			value_mismatch(k, "ckc f_b");
		err[E_ADJOINT] = rel_err(g, href, k->n);
		if (err[E_ADJOINT] > 1e-10)
			mismatch(k, "ckc f_b vs hand-written gradient",
				 err[E_ADJOINT], 1e-10);
	}
#ifdef BENCH_ADOLC
	if (k->id >= 0) {
		adolc_tape(k->id, v, k->n);
		adolc_gradient(k->id, v, k->n, g);
		err[E_ADOLC] = rel_err(g, href, k->n);
		if (err[E_ADOLC] > 1e-10)
			mismatch(k, "ADOL-C vs hand-written gradient",
				 err[E_ADOLC], 1e-10);
	}
#endif
	verify_hvp(k, href, f, err);
}

static void print_err(double e)
{
	if (e >= 0)
		printf(" %11.1e", e);
	else
		printf(" %11s", "-");
}

static void print_ratio(int have, double ratio)
{
	if (have)
		printf(" %9.2f", ratio);
	else
		printf(" %9s", "-");
}

int main(void)
{
	static const char *const head[M_FIRST_ORDER] = { "primal",  "ckc f_d",
						   "ckc f_b", "hand",
						   "ADOL-C",  "ADOL-C" };
	static const char *const head2[M_FIRST_ORDER] = { "us",       "",
						    "",         "",
						    "gradient", "tape+grad" };
	static const char *const check_head[E_COUNT] = {
		"ref vs FD",   "f_d vs ref", "f_b vs hand", "ADOL-C",
		"f_b_d vs FD", "its grad",   "ADOL-C",      "f_b_d vs"
	};
	static const char *const check_head2[E_COUNT] = {
		"", "", "", "", "", "vs ref", "vs FD", "ADOL-C"
	};
	static double vs[NKERNELS][MAXN], ds[NKERNELS][MAXN];
	double t[NKERNELS][M_COUNT], ratio[NKERNELS][M_COUNT];
	double err[NKERNELS][E_COUNT];
	int have[NKERNELS][M_COUNT];
	int i, j, m, adolc = 0, all_adjoints = 1, all_hvps = 1;

#ifdef BENCH_ADOLC
	adolc = 1;
#endif
	bench_make_data();
	for (i = 0; i < NKERNELS; i++) {
		const Kernel *k = &kernels[i];
		k->init(v);
		for (j = 0; j < k->n; j++)
			d[j] = bench_uniform();
		verify(k, err[i]);
		memcpy(vs[i], v, sizeof v);
		memcpy(ds[i], d, sizeof d);
		have[i][M_PRIMAL] = have[i][M_TANGENT] = 1;
		have[i][M_HAND] = k->hand != NULL;
		have[i][M_ADJOINT] = k->adjoint != NULL;
		have[i][M_HVP] = k->hvp != NULL;
		have[i][M_ADOLC_GRAD] = have[i][M_ADOLC_TAPE] = adolc && k->id >= 0;
		have[i][M_ADOLC_HV] = have[i][M_ADOLC_TAPE_HV] = adolc && k->id >= 0;
		all_adjoints &= k->adjoint != NULL;
		all_hvps &= k->hvp != NULL;
	}
	printf("checks: relative differences at a random point v (H d: along "
	       "a random d)\n");
	printf("(ref: the hand-written gradient; for ba, lstm, gmm, hand, "
	       "which have none, ckc's f_b)\n");
	printf("%-11s", "kernel");
	for (j = 0; j < E_FIRST_ORDER; j++)
		printf(" %11s", check_head[j]);
	printf("\n");
	for (i = 0; i < NKERNELS; i++) {
		printf("%-11s", kernels[i].name);
		for (j = 0; j < E_FIRST_ORDER; j++)
			print_err(err[i][j]);
		printf("\n");
	}
	printf("\n%-11s", "H d");
	for (j = E_FIRST_ORDER; j < E_COUNT; j++)
		printf(" %11s", check_head[j]);
	printf("\n%-11s", "");
	for (j = E_FIRST_ORDER; j < E_COUNT; j++)
		printf(" %11s", check_head2[j]);
	printf("\n");
	for (i = 0; i < NKERNELS; i++) {
		printf("%-11s", kernels[i].name);
		for (j = E_FIRST_ORDER; j < E_COUNT; j++)
			print_err(err[i][j]);
		printf("\n");
	}
	fflush(stdout);

	/* ADOL-C's gradient() and hess_vec() alone evaluate a tape recorded
	 * at v by verify() (and then by the loops that tape) */
	for (i = 0; i < NKERNELS; i++) {
		memcpy(v, vs[i], sizeof v);
		memcpy(d, ds[i], sizeof d);
		measure(&kernels[i], have[i], t[i], ratio[i]);
	}

	printf("\ntime / primal time (median of 5 rounds of loops of >= 0.2 s)"
	       "\n");
	printf("%-11s %6s", "kernel", "inputs");
	for (m = 0; m < M_FIRST_ORDER; m++)
		printf(" %9s", head[m]);
	printf("\n%-11s %6s", "", "");
	for (m = 0; m < M_FIRST_ORDER; m++)
		printf(" %9s", head2[m]);
	printf("\n");
	for (i = 0; i < NKERNELS; i++) {
		printf("%-11s %6d %9.3g", kernels[i].name, kernels[i].n,
		       t[i][M_PRIMAL] * 1e6);
		for (m = 1; m < M_FIRST_ORDER; m++)
			print_ratio(have[i][m], ratio[i][m]);
		printf("\n");
	}

	printf("\nHessian-vector product time / primal time (same rounds)\n");
	printf("%-11s %6s %9s %9s %9s %9s %9s\n", "kernel", "inputs", "primal",
	       "ckc", "ckc f_b_d", "ADOL-C", "ADOL-C");
	printf("%-11s %6s %9s %9s %9s %9s %9s\n", "", "", "us", "f_b_d",
	       "/ f_b", "hess_vec", "tape+hv");
	for (i = 0; i < NKERNELS; i++) {
		printf("%-11s %6d %9.3g", kernels[i].name, kernels[i].n,
		       t[i][M_PRIMAL] * 1e6);
		print_ratio(have[i][M_HVP], ratio[i][M_HVP]);
		print_ratio(have[i][M_HVP] && have[i][M_ADJOINT],
			    have[i][M_ADJOINT] ? ratio[i][M_HVP] /
							 ratio[i][M_ADJOINT]
					       : 0);
		print_ratio(have[i][M_ADOLC_HV], ratio[i][M_ADOLC_HV]);
		print_ratio(have[i][M_ADOLC_TAPE_HV],
			    ratio[i][M_ADOLC_TAPE_HV]);
		printf("\n");
	}
	if (!all_adjoints)
		printf("ckc f_b: - where ckc did not generate it (see above)"
		       "\n");
	if (!all_hvps)
		printf("ckc f_b_d: - where ckc did not generate it (see above)"
		       "\n");
	for (i = 0; i < NKERNELS; i++)
		if (kernels[i].id < 0)
			break;
	if (i < NKERNELS)
		printf("hand, ADOL-C: - for the kernels of examples/kernels, "
		       "which have no hand-written or ADOL-C versions\n");
	if (!adolc)
		printf("ADOL-C: not found (no adolc/adolc.h); its columns "
		       "are skipped\n");
	if (failures) {
		printf("FAILED: %d mismatch%s (see MISMATCH above)\n",
		       failures, failures > 1 ? "es" : "");
		return 1;
	}
	return 0;
}
