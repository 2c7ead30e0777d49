/*
 * bench.c - ckc's benchmark driver: for each kernel, the time of its
 * gradient (ckc's adjoint f_b, a hand-written adjoint, ADOL-C), of one
 * directional derivative (ckc's tangent f_d) and of one Hessian-vector
 * product (ckc's second-order adjoint f_b_d, ADOL-C's hess_vec), each
 * divided by the time of the kernel itself, all measured in one run; and
 * the peak tape bytes (ck_stats peak_bytes: tape + snapshots) of one call
 * of f_b and of f_b_d, with those bytes per second of the primal
 * (peak_bytes / primal time), which shows the tape traffic; and vector
 * mode: one call of ckc's f_dv with 8 and with 16 directions over one f_d
 * call, and the whole Jacobian (the gradient, or for lstm with its
 * out(h, c) rows too) from f_dv in chunks of 8 and of 16 unit directions
 * against n calls of f_d and one f_b per row.
 *
 *   bench [LABEL [FILE]]   checks and times every kernel and prints the
 *                          checks; then the tables with one column headed
 *                          LABEL (the compiler), or, with FILE, writes the
 *                          results to FILE instead
 *   BENCH_ONLY=a,b bench   the same for the kernels named a and b only
 *   bench --tables FILE... the tables of several such runs side by side,
 *                          one column per run in every group (run.sh: a
 *                          build with gcc and one with clang)
 *
 * The tables: ckc's time ratios (primal us, f_d, f_b, f_b_d, f_b_d / f_b);
 * the hand-written adjoint's and ADOL-C's, for the kernels that have them;
 * ckc's peak tape bytes and MB per primal second, with the ratio of
 * deepnet's peak to deepnet_inline's (the same network, its layer a helper
 * or inline); f_dv(8) / f_d and f_dv(16) / f_d; the Jacobian's time by
 * f_dv(16), and its ratios to n f_d and to one f_b per row.
 *
 * Built and run by bench/run.sh (`make bench`), once per compiler, which
 * defines
 *   BENCH_ADJOINT_<KERNEL>  when ckc generated <kernel>_b as well as _d;
 *   BENCH_HVP_<KERNEL>      when ckc generated <kernel>_b_d too;
 *   BENCH_VECTOR_<KERNEL>   when ckc generated <kernel>_dv (vector mode);
 *   BENCH_ADOLC             when ADOL-C is there (adolc.cc is linked in);
 *   BENCH_KERNEL_<NAME>     when ckc differentiated the kernel <name> of
 *                           examples/kernels (kernels.c wraps them) or
 *                           bench/'s burgers, tiny, deepnet or
 *                           deepnet_inline (shapes.c); these have no
 *                           hand-written or ADOL-C versions, and ckc's
 *                           f_b is their reference gradient.
 *
 * Before timing, every gradient is compared with the hand-written one, or
 * ckc's f_b where there is none (and that one with finite differences),
 * every Hessian-vector product with Richardson-extrapolated differences of
 * those reference gradients and with ADOL-C's, deepnet's value and
 * gradient with deepnet_inline's, every direction of f_dv with f_d along
 * it (the same bits), and ck_jacobian's Jacobian from f_dv with the
 * reference gradient; a mismatch is printed as MISMATCH and makes the
 * exit status 1.  Timing: a loop of calls of each method that
 * runs for about 0.1 s (its count scaled from a loop of >= 0.02 s), timed
 * with CLOCK_MONOTONIC in BENCH_ROUNDS rounds that take every method once
 * (11: a slow spell of the machine moves the median less than with a few
 * longer rounds); a ratio is
 * the median over the rounds of the method's time over the primal's in the
 * same round.  Vector mode is timed the same way in rounds of its own,
 * with loops of about VEC_LOOP s (see measure_vector).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "ckrt.h"
#include "mlp.h"

#include "heat_grad.h"
#include "logreg_grad.h"
#include "mlp_grad.h"
#include "rosenbrock_grad.h"

/* rounds of timing (see measure) */
#define BENCH_ROUNDS 11

/* the largest n of the kernels */
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define MAXN MAX2(MAX2(MLP_NW + MLP_N0, BA_BENCH_N), DN_BENCH_N)

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
	/* the rows of the Jacobian that the vector tables compute: 1 (the
	 * value's: the gradient), or 1 + the out(...) elements (lstm) */
	int m;
	/* ckc's f_dv, NULL when ckc did not generate it: returns the value;
	 * nd directions dv[i * nd + k] (element-major), ydv[j * nd + k] = row
	 * j of the Jacobian . direction k */
	double (*vtangent)(const double *v, const double *dv, int nd,
			   double *ydv);
	/* m > 1 only: ckc's f_d with all its outputs (yd[j] = row j . d), and
	 * ckc's f_b seeded with yb (m values: g += yb^T J) */
	double (*tangent_all)(const double *v, const double *d, double *yd);
	double (*adjoint_seeded)(const double *v, const double *yb, double *g);
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
#ifdef BENCH_VECTOR_ROSENBROCK
static double rosen_vtangent(const double *v, const double *dv, int nd,
			     double *ydv)
{
	return rosenbrock_dv(v, dv, ROSEN_N, nd, ydv);
}
#else
#define rosen_vtangent NULL
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
#ifdef BENCH_VECTOR_HEAT
static double heat_vtangent(const double *v, const double *dv, int nd,
			    double *ydv)
{
	return heat_objective_dv(v, dv, HEAT_STEPS, nd, ydv);
}
#else
#define heat_vtangent NULL
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
#ifdef BENCH_VECTOR_LOGREG
static double logreg_vtangent(const double *v, const double *dv, int nd,
			      double *ydv)
{
	return logreg_loss_dv(v, dv, logreg_X, logreg_y, LOGREG_N, LOGREG_D,
			      LOGREG_LAMBDA, nd, ydv);
}
#else
#define logreg_vtangent NULL
#endif

/* mlp: v = the MLP_NW weights, then the MLP_N0 inputs (bench_mlp_init) */
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
#ifdef BENCH_VECTOR_MLP
static double mlp_vtangent(const double *v, const double *dv, int nd,
			   double *ydv)
{
	return mlp_loss_dv(v, dv, v + MLP_NW, dv + (size_t)MLP_NW * nd,
			   mlp_target, nd, ydv);
}
#else
#define mlp_vtangent NULL
#endif

/* the other kernels' f_dv (kernels.c, shapes.c), where ckc generated it */
#ifndef BENCH_VECTOR_BA
#define ba_vtangent NULL
#endif
#ifndef BENCH_VECTOR_LSTM
#define lstm_vtangent NULL
#endif
#ifndef BENCH_VECTOR_GMM
#define gmm_vtangent NULL
#endif
#ifndef BENCH_VECTOR_HAND
#define hand_vtangent NULL
#endif
#ifndef BENCH_VECTOR_BURGERS
#define burgers_vtangent NULL
#endif
#ifndef BENCH_VECTOR_TINY
#define tiny_vtangent NULL
#endif
#ifndef BENCH_VECTOR_DEEPNET
#define deepnet_vtangent NULL
#endif
#ifndef BENCH_VECTOR_DEEPNET_INLINE
#define deepnet_inline_vtangent NULL
#endif

static const Kernel all_kernels[] = {
	{ "rosenbrock", K_ROSENBROCK, ROSEN_N, rosen_init, rosen_primal,
	  rosen_tangent, rosen_adjoint, rosen_hand, rosen_hvp, 1,
	  rosen_vtangent, NULL, NULL },
	{ "heat", K_HEAT, HEAT_CELLS, heat_init, heat_primal, heat_tangent,
	  heat_adjoint, heat_hand, heat_hvp, 1, heat_vtangent, NULL, NULL },
	{ "logreg", K_LOGREG, LOGREG_D + 1, logreg_init, logreg_primal,
	  logreg_tangent, logreg_adjoint, logreg_hand, logreg_hvp, 1,
	  logreg_vtangent, NULL, NULL },
	{ "mlp", K_MLP, MLP_NW + MLP_N0, bench_mlp_init, mlp_primal,
	  mlp_tangent, mlp_adjoint, mlp_hand, mlp_hvp, 1, mlp_vtangent, NULL,
	  NULL },
	/* examples/kernels (kernels.c), where ckc generated their
	 * derivatives */
#ifdef BENCH_KERNEL_BA
	{ "ba", -1, BA_BENCH_N, ba_init, ba_primal, ba_tangent, ba_adjoint,
	  NULL, ba_hvp, 1, ba_vtangent, NULL, NULL },
#endif
#ifdef BENCH_KERNEL_LSTM
	{ "lstm", -1, LSTM_BENCH_N, lstm_init, lstm_primal, lstm_tangent,
	  lstm_adjoint, NULL, lstm_hvp, LSTM_BENCH_M, lstm_vtangent,
	  lstm_tangent_all, lstm_adjoint_seeded },
#endif
#ifdef BENCH_KERNEL_GMM
	{ "gmm", -1, GMM_BENCH_N, gmm_init, gmm_primal, gmm_tangent,
	  gmm_adjoint, NULL, gmm_hvp, 1, gmm_vtangent, NULL, NULL },
#endif
#ifdef BENCH_KERNEL_HAND
	{ "hand", -1, HAND_BENCH_N, hand_init, hand_primal, hand_tangent,
	  hand_adjoint, NULL, hand_hvp, 1, hand_vtangent, NULL, NULL },
#endif
	/* bench/'s kernels of particular shapes (shapes.c) */
#ifdef BENCH_KERNEL_BURGERS
	{ "burgers", -1, BURG_CELLS, burgers_init, burgers_primal,
	  burgers_tangent, burgers_adjoint, NULL, burgers_hvp, 1,
	  burgers_vtangent, NULL, NULL },
#endif
#ifdef BENCH_KERNEL_TINY
	{ "tiny", -1, TINY_N, tiny_init, tiny_primal, tiny_tangent,
	  tiny_adjoint, NULL, tiny_hvp, 1, tiny_vtangent, NULL, NULL },
#endif
#ifdef BENCH_KERNEL_DEEPNET
	{ "deepnet", -1, DN_BENCH_N, deepnet_init, deepnet_primal,
	  deepnet_tangent, deepnet_adjoint, NULL, deepnet_hvp, 1,
	  deepnet_vtangent, NULL, NULL },
#endif
#ifdef BENCH_KERNEL_DEEPNET_INLINE
	{ "deepnet_inline", -1, DN_BENCH_N, deepnet_inline_init,
	  deepnet_inline_primal, deepnet_inline_tangent, deepnet_inline_adjoint,
	  NULL, deepnet_inline_hvp, 1, deepnet_inline_vtangent, NULL, NULL },
#endif
};
#define NALL (int)(sizeof all_kernels / sizeof all_kernels[0])

/* The kernels this run checks and times: all of them, or those that
 * BENCH_ONLY names (a comma-separated list, for timing a few kernels while
 * working on them). */
static Kernel kernels[NALL];
static int nkernels;

static void select_kernels(void)
{
	int i;

	for (i = 0; i < NALL; i++)
		if (bench_only(all_kernels[i].name))
			kernels[nkernels++] = all_kernels[i];
}

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

/* Vector mode (ckc's f_dv), timed in rounds of its own (measure_vector):
 * one f_d call along d, one f_dv call of 8 and of 16 random directions,
 * and the whole Jacobian (m rows, n columns) four ways: n calls of f_d on
 * the unit directions, f_dv in chunks of 8 and of 16 unit directions, and
 * one f_b per row (seeded with a unit vector).  A Jacobian of more than
 * VEC_JCOLS columns is timed on its first VEC_JCOLS columns (a whole
 * number of chunks) and scaled to n: a forward sweep costs the same
 * whatever its seeds. */
enum {
	V_TANGENT,
	V_DV8,
	V_DV16,
	V_JAC_D,
	V_JAC_DV8,
	V_JAC_DV16,
	V_JAC_B,
	V_COUNT
};
/* ... and the ratios the tables show, each the median over the rounds of
 * the ratio in one round: f_dv(8) / f_d, f_dv(16) / f_d, and the
 * Jacobian by f_dv(8) and by f_dv(16) over n f_d, by f_dv(16) over m
 * f_b */
enum { VR_DV8, VR_DV16, VR_JAC_DV8, VR_JAC_DV16, VR_JAC_B, VR_COUNT };
#define VEC_JCOLS 64	/* columns of a Jacobian timed at most */
#define VEC_LOOP 0.012	/* seconds of one timing loop */
#define MAXM LSTM_BENCH_M /* the most rows of a Jacobian */

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

/* call and vcall for bench_loop */
static void call_any(const void *k, int m)
{
	call(k, m);
}

/* The calls of method m on k that take about 0.1 s: the loop grows until
 * one run of it takes >= 0.02 s, then its count is scaled to 0.105 s. */
static long calibrate(const Kernel *k, int m)
{
	return bench_calibrate(call_any, k, m, 0.02, 0.025, 0.105);
}

/* Seconds per call of every method of k that have[m] says exists (into
 * t[m]), and each one's time over the primal's (into ratio[m]):
 * BENCH_ROUNDS rounds, each timing every method once with a loop of about
 * 0.1 s, so that a slow spell of the machine slows the methods of one
 * round together; the medians of the rounds. */
static void measure(const Kernel *k, const int *have, double *t, double *ratio)
{
	double s[M_COUNT][BENCH_ROUNDS], r[M_COUNT][BENCH_ROUNDS];
	long reps[M_COUNT];
	int m, i;

	for (m = 0; m < M_COUNT; m++)
		if (have[m])
			reps[m] = calibrate(k, m);
	for (i = 0; i < BENCH_ROUNDS; i++)
		for (m = 0; m < M_COUNT; m++)
			if (have[m])
				s[m][i] = bench_loop(call_any, k, m, reps[m]) /
					  reps[m];
	for (m = 0; m < M_COUNT; m++) {
		if (!have[m])
			continue;
		for (i = 0; i < BENCH_ROUNDS; i++)
			r[m][i] = s[m][i] / s[M_PRIMAL][i];
		qsort(s[m], BENCH_ROUNDS, sizeof s[m][0], bench_cmp_double);
		qsort(r[m], BENCH_ROUNDS, sizeof r[m][0], bench_cmp_double);
		t[m] = s[m][BENCH_ROUNDS / 2];
		ratio[m] = r[m][BENCH_ROUNDS / 2];
	}
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
		err[E_HVP_FD] = bench_rel_err(hv_ckc, fd, k->n);
		if (err[E_HVP_FD] > 1e-6)
			mismatch(k, "ckc f_b_d's H d vs differences of gradients",
				 err[E_HVP_FD], 1e-6);
		err[E_HVP_GRAD] = bench_rel_err(g, href, k->n);
		if (err[E_HVP_GRAD] > 1e-10)
			mismatch(k, "ckc f_b_d's gradient vs the reference",
				 err[E_HVP_GRAD], 1e-10);
	}
#ifdef BENCH_ADOLC
	if (k->id < 0)
		return;
	adolc_tape(k->id, v, k->n);
	adolc_hess_vec(k->id, v, k->n, d, hv);
	err[E_ADOLC_HV_FD] = bench_rel_err(hv, fd, k->n);
	if (err[E_ADOLC_HV_FD] > 1e-6)
		mismatch(k, "ADOL-C's H d vs differences of gradients",
			 err[E_ADOLC_HV_FD], 1e-6);
	if (k->hvp) {
		err[E_HVP_ADOLC] = bench_rel_err(hv_ckc, hv, k->n);
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
		err[E_ADJOINT] = bench_rel_err(g, href, k->n);
		if (err[E_ADJOINT] > 1e-10)
			mismatch(k, "ckc f_b vs hand-written gradient",
				 err[E_ADJOINT], 1e-10);
	}
#ifdef BENCH_ADOLC
	if (k->id >= 0) {
		adolc_tape(k->id, v, k->n);
		adolc_gradient(k->id, v, k->n, g);
		err[E_ADOLC] = bench_rel_err(g, href, k->n);
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

/* ------------------------------------------------ vector mode (f_dv) */

/* Directions of f_dv, element-major: vdir8 (n x 8) and vdir16 (n x 16)
 * random, from a generator of their own (bench_uniform's sequence, which
 * makes the kernels' v and d, stays as it was); vseed (n x nd) all zero
 * but for the unit vectors of the chunk being computed. */
static double vdir8[MAXN * 8], vdir16[MAXN * 16], vseed[MAXN * 16];
static double ydv[MAXM * 16], yd[MAXM], yb[MAXM], jac[MAXM * MAXN];
static unsigned long long vrand_state = 2718281828ULL;

static double vrand(void)
{
	vrand_state = vrand_state * 6364136223846793005ULL +
		      1442695040888963407ULL;
	return (double)(vrand_state >> 11) / 4503599627370496.0 - 1.0;
}

static int kernel_m(const Kernel *k)
{
	return k->m > 1 ? k->m : 1;
}

/* f_d with all of k's outputs at v along dir (yd: m values) */
static double tangent_all(const Kernel *k, const double *dir, double *out)
{
	return k->tangent_all ? k->tangent_all(v, dir, out)
			      : k->tangent(v, dir, out);
}

/* Row j of the Jacobian by f_b (seeded with e_j), added to row */
static double adjoint_row(const Kernel *k, int j, double *row)
{
	double y;

	if (!k->adjoint_seeded)
		return k->adjoint(v, row);
	memset(yb, 0, sizeof yb);
	yb[j] = 1;
	y = k->adjoint_seeded(v, yb, row);
	yb[j] = 0;
	return y;
}

/* The columns c0 ... c0 + cnt - 1 of the Jacobian into jac (row-major, m
 * x n), from one f_dv call on those unit directions. */
static void jac_chunk(const Kernel *k, int c0, int cnt)
{
	int m = kernel_m(k), j, q;

	for (q = 0; q < cnt; q++)
		vseed[(size_t)(c0 + q) * cnt + q] = 1;
	sink = k->vtangent(v, vseed, cnt, ydv);
	for (q = 0; q < cnt; q++)
		vseed[(size_t)(c0 + q) * cnt + q] = 0;
	for (j = 0; j < m; j++)
		for (q = 0; q < cnt; q++)
			jac[(size_t)j * k->n + c0 + q] = ydv[j * cnt + q];
}

/* The columns of a Jacobian timed: all n, or the first VEC_JCOLS */
static int vec_cols(const Kernel *k)
{
	return k->n < VEC_JCOLS ? k->n : VEC_JCOLS;
}

/* One call of vector method w on k at v (see V_TANGENT ...): the
 * Jacobian ones compute the first vec_cols(k) columns (V_JAC_B: all m
 * rows). */
static void vcall(const Kernel *k, int w)
{
	int cols = vec_cols(k), m = kernel_m(k), nd = 16, c, j;
	double dot;

	switch (w) {
	case V_TANGENT:
		sink = k->tangent(v, d, &dot);
		sink = dot;
		break;
	case V_DV8:
		sink = k->vtangent(v, vdir8, 8, ydv);
		break;
	case V_DV16:
		sink = k->vtangent(v, vdir16, 16, ydv);
		break;
	case V_JAC_D:
		for (c = 0; c < cols; c++) {
			vseed[c] = 1;
			sink = tangent_all(k, vseed, yd);
			vseed[c] = 0;
			for (j = 0; j < m; j++)
				jac[(size_t)j * k->n + c] = yd[j];
		}
		break;
	case V_JAC_DV8:
		nd = 8;
		/* fall through */
	case V_JAC_DV16:
		for (c = 0; c < cols; c += nd)
			jac_chunk(k, c, cols - c < nd ? cols - c : nd);
		break;
	case V_JAC_B:
		for (j = 0; j < m; j++) {
			memset(jac + (size_t)j * k->n, 0, k->n * sizeof *jac);
			sink = adjoint_row(k, j, jac + (size_t)j * k->n);
		}
		break;
	}
}

/* What a call of vcall(k, w) stands for: 1 call (V_TANGENT ... V_DV16),
 * the whole Jacobian (the V_JAC_*: n / cols calls of f_d, ceil(n / nd) /
 * ceil(cols / nd) chunks) */
static double vscale(const Kernel *k, int w)
{
	int cols = vec_cols(k), n = k->n;

	switch (w) {
	case V_JAC_D:
		return (double)n / cols;
	case V_JAC_DV8:
		return (double)((n + 7) / 8) / ((cols + 7) / 8);
	case V_JAC_DV16:
		return (double)((n + 15) / 16) / ((cols + 15) / 16);
	}
	return 1;
}

static void vcall_any(const void *k, int w)
{
	vcall(k, w);
}

/* The calls of vector method w that take about VEC_LOOP seconds (at least
 * one) */
static long vcalibrate(const Kernel *k, int w)
{
	return bench_calibrate(vcall_any, k, w, VEC_LOOP / 5, VEC_LOOP / 4,
			       VEC_LOOP);
}

/* k's vector times (into vt: seconds per call of f_d, f_dv(8), f_dv(16),
 * per whole Jacobian of the V_JAC_*; have[w] whether there is one) and
 * ratios (vr: VR_*), medians over BENCH_ROUNDS rounds that each time
 * every method once (as measure()); the V_JAC_B ratio needs ckc's f_b. */
static void measure_vector(const Kernel *k, int *have, double *vt, double *vr)
{
	double s[V_COUNT][BENCH_ROUNDS] = { { 0 } }, r[VR_COUNT][BENCH_ROUNDS];
	long reps[V_COUNT];
	int w, i;

	for (w = 0; w < V_COUNT; w++)
		have[w] = k->vtangent != NULL &&
			  (w != V_JAC_B || k->adjoint != NULL);
	if (!k->vtangent)
		return;
	for (i = 0; i < k->n * 8; i++)
		vdir8[i] = vrand();
	for (i = 0; i < k->n * 16; i++)
		vdir16[i] = vrand();
	memset(vseed, 0, sizeof vseed);
	for (w = 0; w < V_COUNT; w++)
		if (have[w])
			reps[w] = vcalibrate(k, w);
	for (i = 0; i < BENCH_ROUNDS; i++) {
		for (w = 0; w < V_COUNT; w++)
			if (have[w])
				s[w][i] = bench_loop(vcall_any, k, w, reps[w]) /
					  reps[w] * vscale(k, w);
		r[VR_DV8][i] = s[V_DV8][i] / s[V_TANGENT][i];
		r[VR_DV16][i] = s[V_DV16][i] / s[V_TANGENT][i];
		r[VR_JAC_DV8][i] = s[V_JAC_DV8][i] / s[V_JAC_D][i];
		r[VR_JAC_DV16][i] = s[V_JAC_DV16][i] / s[V_JAC_D][i];
		r[VR_JAC_B][i] = have[V_JAC_B]
					 ? s[V_JAC_DV16][i] / s[V_JAC_B][i]
					 : 0;
	}
	for (w = 0; w < V_COUNT; w++) {
		qsort(s[w], BENCH_ROUNDS, sizeof s[w][0], bench_cmp_double);
		vt[w] = have[w] ? s[w][BENCH_ROUNDS / 2] : 0;
	}
	for (w = 0; w < VR_COUNT; w++) {
		qsort(r[w], BENCH_ROUNDS, sizeof r[w][0], bench_cmp_double);
		vr[w] = r[w][BENCH_ROUNDS / 2];
	}
}

/* ck_jacobian's view of k's f_dv (ctx: the kernel); y[0] is the value,
 * the out(...) elements' values are not kept (y[j] = 0) */
static void vec_jacobian_fn(void *ctx, const double *x, const double *x_dv,
			    double *y, double *y_dv, int nd)
{
	const Kernel *k = ctx;
	int j;

	y[0] = k->vtangent(x, x_dv, nd, y_dv);
	for (j = 1; j < kernel_m(k); j++)
		y[j] = 0;
}

/* The vector checks of k at v, into err[0] and err[1] (-1: nothing to
 * check): f_dv of 16 and of 3 random directions against f_d along each
 * of them, every output, which must be the same bits (err[0]: the
 * largest relative difference, 0 when they are); then the whole Jacobian
 * by libckrt's ck_jacobian (chunks of 16) against the reference gradient
 * (m = 1: the hand-written one, else ckc's f_b), or against ckc's f_b
 * seeded with each row's unit vector. */
static void verify_vector(const Kernel *k, double *err)
{
	static const int nds[2] = { 16, 3 };
	static double dir[MAXN], row[MAXN];
	int m = kernel_m(k), n = k->n, t, q, i, j, differ = 0;
	double f = k->primal(v), num = 0, den = 0;

	err[0] = err[1] = -1;
	if (!k->vtangent)
		return;
	for (t = 0; t < 2; t++) {
		int nd = nds[t];
		for (i = 0; i < n * nd; i++)
			vdir16[i] = vrand();
		if (k->vtangent(v, vdir16, nd, ydv) != f)
			value_mismatch(k, "ckc f_dv");
		for (q = 0; q < nd; q++) {
			for (i = 0; i < n; i++)
				dir[i] = vdir16[i * nd + q];
			tangent_all(k, dir, yd);
			for (j = 0; j < m; j++) {
				double a = ydv[j * nd + q];
				if (memcmp(&a, &yd[j], sizeof a)) {
					if (!differ)
						printf("MISMATCH: %s: ckc f_dv "
						       "(nd = %d) direction %d, "
						       "output %d: %.17g, f_d "
						       "%.17g\n",
						       k->name, nd, q, j, a,
						       yd[j]);
					differ++;
				}
				num = fmax(num, fabs(a - yd[j]));
				den = fmax(den, fabs(yd[j]));
			}
		}
	}
	err[0] = differ ? (den > 0 ? num / den : num) : 0;
	if (differ) {
		printf("MISMATCH: %s: ckc f_dv vs f_d: %d outputs of %d "
		       "directions not the same bits\n",
		       k->name, differ, nds[0] + nds[1]);
		failures++;
	}
	if (ck_jacobian(vec_jacobian_fn, (void *)k, n, m, v, 16, NULL, jac)) {
		printf("MISMATCH: %s: ck_jacobian failed\n", k->name);
		failures++;
		return;
	}
	if (m == 1) {
		memset(row, 0, n * sizeof *row);
		reference(k)(v, row);
		err[1] = bench_rel_err(jac, row, n);
	} else if (k->adjoint_seeded && k->adjoint) {
		err[1] = 0;
		for (j = 0; j < m; j++) {
			memset(row, 0, n * sizeof *row);
			adjoint_row(k, j, row);
			err[1] = fmax(err[1], bench_rel_err(jac + (size_t)j * n,
							    row, n));
		}
	}
	if (err[1] > 1e-10)
		mismatch(k, "ck_jacobian (f_dv) vs the reference gradient",
			 err[1], 1e-10);
}

/* What one run measured of one kernel: the times (seconds per call) and
 * ratios of measure(), the peak tape bytes (ck_stats peak_bytes) of
 * one call of ckc's f_b and f_b_d (-1: not generated), and the vector
 * times and ratios of measure_vector() with the Jacobian's rows m and the
 * columns timed.  bench LABEL FILE writes them to FILE, bench --tables
 * reads them back. */
typedef struct Result {
	char name[32];
	int n, id, m, jcols;
	int have[M_COUNT];
	double t[M_COUNT], ratio[M_COUNT];
	long long peak[2];
	int vhave[V_COUNT];
	double vt[V_COUNT], vratio[VR_COUNT];
} Result;

#define MAXC 4 /* compilers in one table */
static Result results[MAXC][NALL + 16];
static int nresults[MAXC];
static char labels[MAXC][32];

static void write_results(const char *path, const char *label,
			  const Result *r, int nr)
{
	FILE *f = fopen(path, "w");
	int i, m;

	if (!f) {
		perror(path);
		exit(1);
	}
	fprintf(f, "ckc-bench-results %s %d %d %d %d\n", label, nr, M_COUNT,
		V_COUNT, VR_COUNT);
	for (i = 0; i < nr; i++) {
		fprintf(f, "%s %d %d %lld %lld", r[i].name, r[i].n, r[i].id,
			r[i].peak[0], r[i].peak[1]);
		for (m = 0; m < M_COUNT; m++)
			fprintf(f, " %d %.9g %.9g", r[i].have[m], r[i].t[m],
				r[i].ratio[m]);
		fprintf(f, " %d %d", r[i].m, r[i].jcols);
		for (m = 0; m < V_COUNT; m++)
			fprintf(f, " %d %.9g", r[i].vhave[m], r[i].vt[m]);
		for (m = 0; m < VR_COUNT; m++)
			fprintf(f, " %.9g", r[i].vratio[m]);
		fprintf(f, "\n");
	}
	if (fclose(f)) {
		perror(path);
		exit(1);
	}
}

static void read_results(const char *path, int c)
{
	FILE *f = fopen(path, "r");
	int i, m, nr, nm, nv, nvr;

	if (!f ||
	    fscanf(f, "ckc-bench-results %31s %d %d %d %d", labels[c], &nr, &nm,
		   &nv, &nvr) != 5 ||
	    nm != M_COUNT || nv != V_COUNT || nvr != VR_COUNT || nr < 0 ||
	    nr > NALL + 16) {
		fprintf(stderr, "bench: %s: not a results file of this "
				"bench\n", path);
		exit(1);
	}
	for (i = 0; i < nr; i++) {
		Result *r = &results[c][i];
		if (fscanf(f, "%31s %d %d %lld %lld", r->name, &r->n, &r->id,
			   &r->peak[0], &r->peak[1]) != 5)
			goto bad;
		for (m = 0; m < M_COUNT; m++)
			if (fscanf(f, "%d %lg %lg", &r->have[m], &r->t[m],
				   &r->ratio[m]) != 3)
				goto bad;
		if (fscanf(f, "%d %d", &r->m, &r->jcols) != 2)
			goto bad;
		for (m = 0; m < V_COUNT; m++)
			if (fscanf(f, "%d %lg", &r->vhave[m], &r->vt[m]) != 2)
				goto bad;
		for (m = 0; m < VR_COUNT; m++)
			if (fscanf(f, "%lg", &r->vratio[m]) != 1)
				goto bad;
	}
	nresults[c] = nr;
	fclose(f);
	return;
bad:
	fprintf(stderr, "bench: %s: truncated\n", path);
	exit(1);
}

/* The result of compiler c for the kernel named name, or NULL. */
static const Result *find(int c, const char *name)
{
	int i;

	for (i = 0; i < nresults[c]; i++)
		if (!strcmp(results[c][i].name, name))
			return &results[c][i];
	return NULL;
}

/* The tables' cells: 6 characters, a group of them (one per compiler)
 * GW(nc) wide. */
#define GW(nc) ((nc) * 7 > 11 ? (nc) * 7 : 11)

static void cell(int have, double x)
{
	char buf[32];

	if (!have)
		snprintf(buf, sizeof buf, "-");
	else if (x < 10)
		snprintf(buf, sizeof buf, "%.3f", x);
	else if (x < 100)
		snprintf(buf, sizeof buf, "%.2f", x);
	else if (x < 1000)
		snprintf(buf, sizeof buf, "%.1f", x);
	else
		snprintf(buf, sizeof buf, "%.0f", x);
	printf(" %6s", buf);
}

/* ratios: 2 decimals where they fit */
static void rcell(int have, double x)
{
	if (have && x < 1000)
		printf(" %6.2f", x);
	else
		cell(have, x);
}

static void group_pad(int nc)
{
	printf("%*s", GW(nc) - 7 * nc + 1, "");
}

static void group_head(int nc, const char *s)
{
	printf(" %*s", GW(nc), s);
}

static void compiler_heads(int nc, int ngroups)
{
	int g, c;

	for (g = 0; g < ngroups; g++) {
		group_pad(nc);
		for (c = 0; c < nc; c++)
			printf(" %6s", labels[c]);
	}
	printf("\n");
}

/* The vector-mode tables of the nc runs in results[] (measure_vector):
 * one f_dv call over one f_d call, and the whole Jacobian four ways. */
static void print_vector_tables(int nc)
{
	static const int jr[3] = { VR_JAC_DV8, VR_JAC_DV16, VR_JAC_B };
	const Result *r0 = results[0];
	int n0 = nresults[0], i, c, j, all = 1, all_b = 1, scaled = 0;
	int multi = 0;

	printf("\nckc vector mode: time of one f_dv call of nd random "
	       "directions / one f_d call\n(median of %d rounds of loops of "
	       "about %.3f s; the goal: <= 4 at nd = 16)\n",
	       BENCH_ROUNDS, VEC_LOOP);
	printf("%-14s %6s", "", "");
	group_head(nc, "f_dv(8)");
	group_head(nc, "f_dv(16)");
	printf("\n%-14s %6s", "", "");
	group_head(nc, "/ f_d");
	group_head(nc, "/ f_d");
	printf("\n%-14s %6s", "kernel", "inputs");
	compiler_heads(nc, 2);
	for (i = 0; i < n0; i++) {
		printf("%-14s %6d", r0[i].name, r0[i].n);
		for (j = 0; j < 2; j++) {
			group_pad(nc);
			for (c = 0; c < nc; c++) {
				const Result *r = find(c, r0[i].name);
				rcell(r && r->vhave[V_DV16],
				      r ? r->vratio[j ? VR_DV16 : VR_DV8] : 0);
			}
		}
		printf("\n");
		all &= r0[i].vhave[V_DV16];
		all_b &= !r0[i].vhave[V_DV16] || r0[i].vhave[V_JAC_B];
		scaled |= r0[i].jcols < r0[i].n;
		multi |= r0[i].m > 1;
	}

	printf("\nckc's whole Jacobian (rows x inputs; 1 row: the gradient): "
	       "f_dv in chunks of nd\nunit directions, against n f_d calls on "
	       "the unit directions and one f_b per row\n(seeded with the "
	       "row's unit vector); medians of the same rounds\n");
	printf("%-14s %6s %4s %5s", "", "", "", "");
	group_head(nc, "f_dv(16)");
	group_head(nc, "f_dv(8)");
	group_head(nc, "f_dv(16)");
	group_head(nc, "f_dv(16)");
	printf("\n%-14s %6s %4s %5s", "", "", "", "");
	group_head(nc, "J us");
	group_head(nc, "/ n f_d");
	group_head(nc, "/ n f_d");
	group_head(nc, "/ rows f_b");
	printf("\n%-14s %6s %4s %5s", "kernel", "inputs", "rows", "timed");
	compiler_heads(nc, 4);
	for (i = 0; i < n0; i++) {
		printf("%-14s %6d %4d %5d", r0[i].name, r0[i].n, r0[i].m,
		       r0[i].jcols);
		group_pad(nc);
		for (c = 0; c < nc; c++) {
			const Result *r = find(c, r0[i].name);
			cell(r && r->vhave[V_JAC_DV16],
			     r ? r->vt[V_JAC_DV16] * 1e6 : 0);
		}
		for (j = 0; j < 3; j++) {
			group_pad(nc);
			for (c = 0; c < nc; c++) {
				const Result *r = find(c, r0[i].name);
				rcell(r && r->vhave[jr[j] == VR_JAC_B
							    ? V_JAC_B
							    : V_JAC_DV16],
				      r ? r->vratio[jr[j]] : 0);
			}
		}
		printf("\n");
	}
	if (scaled)
		printf("timed: the Jacobian's columns timed, the first ones; "
		       "where fewer than the inputs,\nevery time is scaled to "
		       "all n columns (n / timed f_d calls, ceil(n / nd) /\n"
		       "(timed / nd) f_dv chunks): a forward sweep takes the "
		       "same time whatever its seeds\n");
	if (multi)
		printf("rows: lstm's are its loss, then its out(h, c)'s final "
		       "values\n");
	if (!all)
		printf("f_dv: - where ckc does not generate it for the kernel "
		       "(see run.sh's note above)\n");
	if (!all_b)
		printf("f_b: - where ckc did not generate it (see above)\n");
}

/* Prints the tables of the nc runs in results[]: the kernels are those of
 * the first run, each a row, each ratio a group of one column per
 * compiler. */
static void print_tables(int nc)
{
	const Result *r0 = results[0];
	int n0 = nresults[0], i, c, any, all_adjoints = 1, all_hvps = 1;
	int dn = -1, dni = -1, peaks_differ = 0;

	printf("\nckc: time / primal time (median of %d rounds of loops of "
	       "about 0.1 s), one column per compiler\n",
	       BENCH_ROUNDS);
	printf("%-14s %6s", "", "");
	group_head(nc, "primal us");
	group_head(nc, "f_d");
	group_head(nc, "f_b");
	group_head(nc, "f_b_d");
	group_head(nc, "f_b_d / f_b");
	printf("\n%-14s %6s", "kernel", "inputs");
	compiler_heads(nc, 5);
	for (i = 0; i < n0; i++) {
		printf("%-14s %6d", r0[i].name, r0[i].n);
		group_pad(nc);
		for (c = 0; c < nc; c++) {
			const Result *r = find(c, r0[i].name);
			cell(r != NULL, r ? r->t[M_PRIMAL] * 1e6 : 0);
		}
		group_pad(nc);
		for (c = 0; c < nc; c++) {
			const Result *r = find(c, r0[i].name);
			rcell(r && r->have[M_TANGENT],
			      r ? r->ratio[M_TANGENT] : 0);
		}
		group_pad(nc);
		for (c = 0; c < nc; c++) {
			const Result *r = find(c, r0[i].name);
			rcell(r && r->have[M_ADJOINT],
			      r ? r->ratio[M_ADJOINT] : 0);
		}
		group_pad(nc);
		for (c = 0; c < nc; c++) {
			const Result *r = find(c, r0[i].name);
			rcell(r && r->have[M_HVP], r ? r->ratio[M_HVP] : 0);
		}
		group_pad(nc);
		for (c = 0; c < nc; c++) {
			const Result *r = find(c, r0[i].name);
			rcell(r && r->have[M_HVP] && r->have[M_ADJOINT],
			      r && r->have[M_ADJOINT]
				      ? r->ratio[M_HVP] / r->ratio[M_ADJOINT]
				      : 0);
		}
		printf("\n");
		all_adjoints &= r0[i].have[M_ADJOINT];
		all_hvps &= r0[i].have[M_HVP];
		if (!strcmp(r0[i].name, "deepnet"))
			dn = i;
		if (!strcmp(r0[i].name, "deepnet_inline"))
			dni = i;
	}
	if (!all_adjoints)
		printf("f_b: - where ckc did not generate it (see above)\n");
	if (!all_hvps)
		printf("f_b_d: - where ckc did not generate it (see above)\n");

	printf("\nhand-written and ADOL-C: time / primal time (same rounds), "
	       "the kernels that have them\n");
	printf("%-14s %6s", "", "");
	group_head(nc, "hand-");
	group_head(nc, "ADOL-C");
	group_head(nc, "ADOL-C");
	group_head(nc, "ADOL-C");
	group_head(nc, "ADOL-C");
	printf("\n%-14s %6s", "", "");
	group_head(nc, "written");
	group_head(nc, "gradient");
	group_head(nc, "tape+grad");
	group_head(nc, "hess_vec");
	group_head(nc, "tape+hv");
	printf("\n%-14s %6s", "kernel", "inputs");
	compiler_heads(nc, 5);
	any = 0;
	for (i = 0; i < n0; i++) {
		static const int ms[5] = { M_HAND, M_ADOLC_GRAD, M_ADOLC_TAPE,
					   M_ADOLC_HV, M_ADOLC_TAPE_HV };
		int m;
		if (!r0[i].have[M_HAND] && r0[i].id < 0)
			continue;
		printf("%-14s %6d", r0[i].name, r0[i].n);
		for (m = 0; m < 5; m++) {
			group_pad(nc);
			for (c = 0; c < nc; c++) {
				const Result *r = find(c, r0[i].name);
				rcell(r && r->have[ms[m]],
				      r ? r->ratio[ms[m]] : 0);
			}
		}
		printf("\n");
		for (c = 0; c < nc; c++) {
			const Result *r = find(c, r0[i].name);
			any |= r && r->have[M_ADOLC_GRAD];
		}
	}
	if (!any)
		printf("ADOL-C: not found (no adolc/adolc.h); its columns are "
		       "skipped\n");

	printf("\nckc's tape: peak bytes of one call (ck_stats peak_bytes: "
	       "tape + snapshots),\nand those bytes per second of the primal "
	       "(peak bytes / primal time, MB/s)\n");
	printf("%-14s %6s %10s", "", "", "f_b");
	group_head(nc, "f_b MB per");
	printf(" %10s", "f_b_d");
	group_head(nc, "f_b_d MB");
	printf("\n%-14s %6s %10s", "", "", "peak");
	group_head(nc, "primal s");
	printf(" %10s", "peak");
	group_head(nc, "per prim. s");
	printf("\n%-14s %6s %10s", "kernel", "inputs", "bytes");
	group_pad(nc);
	for (c = 0; c < nc; c++)
		printf(" %6s", labels[c]);
	printf(" %10s", "bytes");
	group_pad(nc);
	for (c = 0; c < nc; c++)
		printf(" %6s", labels[c]);
	printf("\n");
	for (i = 0; i < n0; i++) {
		int j;
		printf("%-14s %6d", r0[i].name, r0[i].n);
		for (j = 0; j < 2; j++) {
			if (r0[i].peak[j] >= 0)
				printf(" %10lld", r0[i].peak[j]);
			else
				printf(" %10s", "-");
			group_pad(nc);
			for (c = 0; c < nc; c++) {
				const Result *r = find(c, r0[i].name);
				int ok = r && r->peak[j] >= 0 &&
					 r->t[M_PRIMAL] > 0;
				cell(ok, ok ? r->peak[j] / r->t[M_PRIMAL] / 1e6
					    : 0);
				if (r && r->peak[j] != r0[i].peak[j])
					peaks_differ = 1;
			}
		}
		printf("\n");
	}
	if (peaks_differ)
		printf("(peak bytes: the %s build's; another compiler's build "
		       "differs on some kernel)\n",
		       labels[0]);
	if (dn >= 0 && dni >= 0 && r0[dn].peak[0] > 0 && r0[dni].peak[0] > 0) {
		printf("deepnet (layer helper) / deepnet_inline: f_b peak bytes "
		       "%.2fx",
		       (double)r0[dn].peak[0] / r0[dni].peak[0]);
		if (r0[dn].peak[1] > 0 && r0[dni].peak[1] > 0)
			printf(", f_b_d peak bytes %.2fx",
			       (double)r0[dn].peak[1] / r0[dni].peak[1]);
		printf("; f_b time");
		for (c = 0; c < nc; c++) {
			const Result *a = find(c, "deepnet"),
				     *b = find(c, "deepnet_inline");
			if (a && b && a->have[M_ADJOINT] && b->have[M_ADJOINT])
				printf(" %s %.2fx", labels[c],
				       a->t[M_ADJOINT] / b->t[M_ADJOINT]);
		}
		printf("\n");
	}
	print_vector_tables(nc);
}

/* deepnet and deepnet_inline compute the same thing from the same v: the
 * same value, and gradients within 1e-10. */
static void compare_deepnets(double (*vs)[MAXN])
{
	static double g1[MAXN], g2[MAXN];
	int i, a = -1, b = -1;
	double e;

	for (i = 0; i < nkernels; i++) {
		if (!strcmp(kernels[i].name, "deepnet"))
			a = i;
		if (!strcmp(kernels[i].name, "deepnet_inline"))
			b = i;
	}
	if (a < 0 || b < 0)
		return;
	if (memcmp(vs[a], vs[b], DN_BENCH_N * sizeof vs[a][0]) ||
	    kernels[a].primal(vs[a]) != kernels[b].primal(vs[b])) {
		printf("MISMATCH: deepnet and deepnet_inline give different "
		       "values\n");
		failures++;
	}
	memset(g1, 0, sizeof g1);
	memset(g2, 0, sizeof g2);
	kernels[a].adjoint(vs[a], g1);
	kernels[b].adjoint(vs[b], g2);
	e = bench_rel_err(g1, g2, DN_BENCH_N);
	printf("deepnet vs deepnet_inline: the same value, f_b gradients "
	       "differ by %.1e\n",
	       e);
	if (e > 1e-10)
		mismatch(&kernels[a], "f_b vs deepnet_inline's", e, 1e-10);
}

/* bench [LABEL [FILE]]: checks and times every kernel, prints the checks,
 * then the tables (LABEL heads the compiler column), or, with FILE, writes
 * the results there for bench --tables.
 * bench --tables FILE...: the tables of several runs (one per compiler),
 * side by side. */
int main(int argc, char **argv)
{
	static const char *const check_head[E_COUNT] = {
		"ref vs FD",   "f_d vs ref", "f_b vs hand", "ADOL-C",
		"f_b_d vs FD", "its grad",   "ADOL-C",      "f_b_d vs"
	};
	static const char *const check_head2[E_COUNT] = {
		"", "", "", "", "", "vs ref", "vs FD", "ADOL-C"
	};
	static double vs[NALL][MAXN], ds[NALL][MAXN];
	double err[NALL][E_COUNT], verr[NALL][2];
	const char *label = argc > 1 ? argv[1] : "cc";
	int i, j, adolc = 0;

	if (argc > 1 && !strcmp(argv[1], "--tables")) {
		if (argc < 3 || argc - 2 > MAXC) {
			fprintf(stderr, "usage: bench --tables FILE... (at most "
					"%d)\n",
				MAXC);
			return 2;
		}
		for (i = 2; i < argc; i++)
			read_results(argv[i], i - 2);
		print_tables(argc - 2);
		return 0;
	}
	snprintf(labels[0], sizeof labels[0], "%s", label);
#ifdef BENCH_ADOLC
	adolc = 1;
#endif
	select_kernels();
	bench_make_data();
	for (i = 0; i < nkernels; i++) {
		const Kernel *k = &kernels[i];
		Result *r = &results[0][i];
		k->init(v);
		for (j = 0; j < k->n; j++)
			d[j] = bench_uniform();
		verify(k, err[i]);
		verify_vector(k, verr[i]);
		memcpy(vs[i], v, sizeof v);
		memcpy(ds[i], d, sizeof d);
		snprintf(r->name, sizeof r->name, "%s", k->name);
		r->n = k->n;
		r->id = k->id;
		r->m = kernel_m(k);
		r->jcols = vec_cols(k);
		r->have[M_PRIMAL] = r->have[M_TANGENT] = 1;
		r->have[M_HAND] = k->hand != NULL;
		r->have[M_ADJOINT] = k->adjoint != NULL;
		r->have[M_HVP] = k->hvp != NULL;
		r->have[M_ADOLC_GRAD] = r->have[M_ADOLC_TAPE] =
			adolc && k->id >= 0;
		r->have[M_ADOLC_HV] = r->have[M_ADOLC_TAPE_HV] =
			adolc && k->id >= 0;
	}
	nresults[0] = nkernels;
	printf("checks (%s): relative differences at a random point v (H d: "
	       "along a random d)\n",
	       label);
	printf("(ref: the hand-written gradient; for the kernels without "
	       "one, ckc's f_b)\n");
	printf("%-14s", "kernel");
	for (j = 0; j < E_FIRST_ORDER; j++)
		printf(" %11s", check_head[j]);
	printf("\n");
	for (i = 0; i < nkernels; i++) {
		printf("%-14s", kernels[i].name);
		for (j = 0; j < E_FIRST_ORDER; j++)
			print_err(err[i][j]);
		printf("\n");
	}
	printf("\n%-14s", "H d");
	for (j = E_FIRST_ORDER; j < E_COUNT; j++)
		printf(" %11s", check_head[j]);
	printf("\n%-14s", "");
	for (j = E_FIRST_ORDER; j < E_COUNT; j++)
		printf(" %11s", check_head2[j]);
	printf("\n");
	for (i = 0; i < nkernels; i++) {
		printf("%-14s", kernels[i].name);
		for (j = E_FIRST_ORDER; j < E_COUNT; j++)
			print_err(err[i][j]);
		printf("\n");
	}
	printf("\n%-14s %11s %11s\n%-14s %11s %11s\n", "f_dv", "f_dv = f_d",
	       "ck_jacobian", "", "(bits)", "vs ref");
	for (i = 0; i < nkernels; i++) {
		printf("%-14s", kernels[i].name);
		print_err(verr[i][0]);
		print_err(verr[i][1]);
		printf("\n");
	}
	printf("(f_dv = f_d: f_dv of 16 and of 3 random directions against "
	       "f_d along each, every\noutput; 0 when all are the same bits, "
	       "else a MISMATCH.  ck_jacobian: the whole\nJacobian from f_dv "
	       "in chunks of 16 against ref, or for lstm against f_b seeded\n"
	       "with each row's unit vector.  -: no f_dv, see run.sh's notes)\n");
	compare_deepnets(vs);
	fflush(stdout);

	/* the peak tape bytes of one f_b and one f_b_d; then the times.
	 * ADOL-C's gradient() and hess_vec() alone evaluate a tape recorded
	 * at v by verify() (and then by the loops that tape) */
	for (i = 0; i < nkernels; i++) {
		const Kernel *k = &kernels[i];
		Result *r = &results[0][i];
		ck_stats st;
		memcpy(v, vs[i], sizeof v);
		memcpy(d, ds[i], sizeof d);
		r->peak[0] = r->peak[1] = -1;
		if (k->adjoint) {
			ck_stats_reset();
			call(k, M_ADJOINT);
			ck_stats_get(&st);
			r->peak[0] = (long long)st.peak_bytes;
		}
		if (k->hvp) {
			ck_stats_reset();
			call(k, M_HVP);
			ck_stats_get(&st);
			r->peak[1] = (long long)st.peak_bytes;
		}
		measure(k, r->have, r->t, r->ratio);
		measure_vector(k, r->vhave, r->vt, r->vratio);
	}
	if (argc > 2)
		write_results(argv[2], label, results[0], nkernels);
	else
		print_tables(1);
	if (failures) {
		printf("FAILED (%s): %d mismatch%s (see MISMATCH above)\n",
		       label, failures, failures > 1 ? "es" : "");
		return 1;
	}
	return 0;
}
