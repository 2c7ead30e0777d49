/*
 * bench.c - ckc's benchmark driver: for each kernel, the time of its
 * gradient (ckc's adjoint f_b, a hand-written adjoint, ADOL-C) and of one
 * directional derivative (ckc's tangent f_d), each divided by the time of
 * the kernel itself, all measured in one run.
 *
 * Built and run by bench/run.sh (`make bench`), which defines
 *   BENCH_ADJOINT_<KERNEL>  when ckc generated <kernel>_b as well as _d;
 *   BENCH_ADOLC             when ADOL-C is there (adolc.cc is linked in).
 *
 * Before timing, every gradient is compared with the hand-written one (and
 * that one with finite differences); a mismatch is printed as MISMATCH and
 * makes the exit status 1.  Timing: a loop of calls of each method that
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

#define MAXN (MLP_NW + MLP_N0)

/* One kernel, seen as a function of the vector v of its active inputs. */
typedef struct Kernel {
	const char *name;
	int id; /* K_ROSENBROCK, ...: the ADOL-C tape number */
	int n;  /* active inputs */
	void (*init)(double *v);
	double (*primal)(const double *v);
	/* ckc's tangent: returns the value, *dot = gradient . d */
	double (*tangent)(const double *v, const double *d, double *dot);
	/* ckc's adjoint, NULL when ckc did not generate it: g += gradient */
	double (*adjoint)(const double *v, double *g);
	/* the hand-written adjoint, same contract */
	double (*hand)(const double *v, double *g);
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

static const Kernel kernels[] = {
	{ "rosenbrock", K_ROSENBROCK, ROSEN_N, rosen_init, rosen_primal,
	  rosen_tangent, rosen_adjoint, rosen_hand },
	{ "heat", K_HEAT, HEAT_CELLS, heat_init, heat_primal, heat_tangent,
	  heat_adjoint, heat_hand },
	{ "logreg", K_LOGREG, LOGREG_D + 1, logreg_init, logreg_primal,
	  logreg_tangent, logreg_adjoint, logreg_hand },
	{ "mlp", K_MLP, MLP_NW + MLP_N0, mlp_init, mlp_primal, mlp_tangent,
	  mlp_adjoint, mlp_hand },
};
#define NKERNELS (int)(sizeof kernels / sizeof kernels[0])

/* What is timed: the columns of the table. */
enum {
	M_PRIMAL,
	M_TANGENT,
	M_ADJOINT,
	M_HAND,
	M_ADOLC_GRAD,
	M_ADOLC_TAPE,
	M_COUNT
};

static double v[MAXN], d[MAXN], g[MAXN];
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
#ifdef BENCH_ADOLC
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

/* The checks' relative differences, -1 where there is nothing to check:
 * the hand-written gradient against finite differences, and ckc's f_d,
 * ckc's f_b and ADOL-C against the hand-written gradient. */
enum { E_HAND_FD, E_TANGENT, E_ADJOINT, E_ADOLC, E_COUNT };

/* Compares every derivative with the hand-written gradient href at v (f_d
 * with href . d, relative to sum |href_i d_i|; gradients by
 * max |g_i - href_i| / max |href_i|), and href . d with
 * Richardson-extrapolated central differences along d. */
static void verify(const Kernel *k, double *err)
{
	static double href[MAXN];
	const double h = 1e-5;
	double f = k->primal(v), ref = 0, scale = 0, dot, fd;
	int i;

	for (i = 0; i < E_COUNT; i++)
		err[i] = -1;
	memset(href, 0, k->n * sizeof *href);
	if (k->hand(v, href) != f)
		value_mismatch(k, "the hand-written adjoint");
	for (i = 0; i < k->n; i++) {
		ref += href[i] * d[i];
		scale += fabs(href[i] * d[i]);
	}
	fd = (4 * (along(k, h / 2) - along(k, -h / 2)) / h -
	      (along(k, h) - along(k, -h)) / (2 * h)) /
	     3;
	err[E_HAND_FD] = fabs(fd - ref) / scale;
	if (err[E_HAND_FD] > 1e-6)
		mismatch(k, "hand-written gradient vs finite differences",
			 err[E_HAND_FD], 1e-6);
	if (k->tangent(v, d, &dot) != f)
		value_mismatch(k, "ckc f_d");
	err[E_TANGENT] = fabs(dot - ref) / scale;
	if (err[E_TANGENT] > 1e-10)
		mismatch(k, "ckc f_d vs hand-written gradient . d",
			 err[E_TANGENT], 1e-10);
	if (k->adjoint) {
		memset(g, 0, k->n * sizeof *g);
		if (k->adjoint(v, g) != f)
			value_mismatch(k, "ckc f_b");
		err[E_ADJOINT] = rel_err(g, href, k->n);
		if (err[E_ADJOINT] > 1e-10)
			mismatch(k, "ckc f_b vs hand-written gradient",
				 err[E_ADJOINT], 1e-10);
	}
#ifdef BENCH_ADOLC
	adolc_tape(k->id, v, k->n);
	adolc_gradient(k->id, v, k->n, g);
	err[E_ADOLC] = rel_err(g, href, k->n);
	if (err[E_ADOLC] > 1e-10)
		mismatch(k, "ADOL-C vs hand-written gradient", err[E_ADOLC],
			 1e-10);
#endif
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
	static const char *const head[M_COUNT] = { "primal",  "ckc f_d",
						   "ckc f_b", "hand",
						   "ADOL-C",  "ADOL-C" };
	static const char *const head2[M_COUNT] = { "us",       "",
						    "",         "",
						    "gradient", "tape+grad" };
	double t[NKERNELS][M_COUNT], ratio[NKERNELS][M_COUNT];
	int have[NKERNELS][M_COUNT];
	int i, m, adolc = 0, all_adjoints = 1;

#ifdef BENCH_ADOLC
	adolc = 1;
#endif
	bench_make_data();
	printf("checks: relative differences at a random point\n");
	printf("%-11s %11s %11s %11s %11s\n", "kernel", "hand vs FD",
	       "f_d vs hand", "f_b vs hand", "ADOL-C");
	for (i = 0; i < NKERNELS; i++) {
		const Kernel *k = &kernels[i];
		double err[E_COUNT];
		int j;
		k->init(v);
		for (j = 0; j < k->n; j++)
			d[j] = bench_uniform();
		verify(k, err);
		printf("%-11s", k->name);
		for (j = 0; j < E_COUNT; j++)
			print_err(err[j]);
		printf("\n");
		fflush(stdout);
		have[i][M_PRIMAL] = have[i][M_TANGENT] = have[i][M_HAND] = 1;
		have[i][M_ADJOINT] = k->adjoint != NULL;
		have[i][M_ADOLC_GRAD] = have[i][M_ADOLC_TAPE] = adolc;
		all_adjoints &= k->adjoint != NULL;
		/* ADOL-C's gradient() alone evaluates a tape recorded at v by
		 * verify() (and then by the tape+gradient loop) */
		measure(k, have[i], t[i], ratio[i]);
	}

	printf("\ntime / primal time (median of 5 rounds of loops of >= 0.2 s)"
	       "\n");
	printf("%-11s %6s", "kernel", "inputs");
	for (m = 0; m < M_COUNT; m++)
		printf(" %9s", head[m]);
	printf("\n%-11s %6s", "", "");
	for (m = 0; m < M_COUNT; m++)
		printf(" %9s", head2[m]);
	printf("\n");
	for (i = 0; i < NKERNELS; i++) {
		printf("%-11s %6d %9.3g", kernels[i].name, kernels[i].n,
		       t[i][M_PRIMAL] * 1e6);
		for (m = 1; m < M_COUNT; m++)
			print_ratio(have[i][m], ratio[i][m]);
		printf("\n");
	}
	if (!all_adjoints)
		printf("ckc f_b: - where ckc did not generate it (see above)"
		       "\n");
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
