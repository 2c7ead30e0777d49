/*
 * enzyme.c - ckc against Enzyme on bench/'s kernels, a part of make bench.
 *
 * Built by run.sh only when ENZYME_PLUGIN names Enzyme's plugin for clang 19
 * (ClangEnzyme-19.so) and clang 19 builds this file with it; make bench
 * prints a note and goes on without it otherwise.  Enzyme
 * differentiates LLVM IR, so this file includes the kernels' own sources
 * (their functions renamed enz_*, the ck_ pragmas ignored) and asks for
 * their derivatives where it calls them: the gradient with
 * __enzyme_autodiff, and the Hessian-vector product H d by
 * __enzyme_fwddiff of that gradient (forward over reverse, as ckc's f_b_d).
 * ckc's derivatives are the clang build's objects, linked in.
 *
 * Each kernel is timed as bench.c times it: BENCH_ROUNDS rounds that take
 * every method once, each a loop of about 0.1 s, and the median over the
 * rounds of each method's time over the primal's (this file's copy of the
 * kernel, built with the same flags) in the same round, and of ckc's time
 * over Enzyme's.  Enzyme ignores #pragma ck_checkpoint: where a kernel has
 * a region (mlp, tiny), Enzyme's derivative keeps what ckc recomputes.
 * Before the timing, Enzyme's gradient and H d are compared with ckc's; a
 * relative difference above 1e-8 is printed as a MISMATCH and makes the
 * program fail.  BENCH_ONLY=a,b times the kernels named a and b only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "mlp.h"
#include "heat_grad.h"
#include "logreg_grad.h"
#include "mlp_grad.h"
#include "rosenbrock_grad.h"

/* The kernels again, under other names, for Enzyme to read. */
#define rosenbrock enz_rosenbrock
#include "rosenbrock.c"
#undef rosenbrock
#define heat_objective enz_heat_objective
#include "heat.c"
#undef heat_objective
#define logreg_loss enz_logreg_loss
#include "logreg.c"
#undef logreg_loss
#define mlp_loss enz_mlp_loss
#include "mlp.c"
#undef mlp_loss
#define burgers_objective enz_burgers_objective
#include "burgers.c"
#undef burgers_objective
#define tiny_objective enz_tiny_objective
#include "tiny.c"
#undef tiny_objective
#define deepnet enz_deepnet
#include "deepnet.c"
#undef deepnet

#define BENCH_ROUNDS 11
#define MAXN (MLP_NW + MLP_N0 > DN_BENCH_N ? MLP_NW + MLP_N0 : DN_BENCH_N)

int enzyme_dup, enzyme_const, enzyme_primal_return;
double __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

/* v's layout for deepnet: W, then b, then h0 (as shapes.c) */
#define DNW(v) (v)
#define DNB(v) ((v) + DN_WIDTH * DN_WIDTH)
#define DNH(v) ((v) + DN_WIDTH * DN_WIDTH + DN_WIDTH)

/* Enzyme's gradients (added to g, as ckc's f_b adds), which return the
 * kernel's value as f_b does (enzyme_primal_return: without it, Enzyme
 * leaves out what only the value needs, such as Rosenbrock's sum) ... */
static double rosen_g(const double *v, double *g)
{
	return __enzyme_autodiff((void *)enz_rosenbrock, enzyme_primal_return,
				 enzyme_dup, v, g, enzyme_const, ROSEN_N);
}
static double heat_g(const double *v, double *g)
{
	return __enzyme_autodiff((void *)enz_heat_objective,
				 enzyme_primal_return, enzyme_dup, v, g,
				 enzyme_const, HEAT_STEPS);
}
/* logreg's and mlp's data, globals of data.c, reach Enzyme as arguments:
 * it refuses a global it cannot prove inactive. */
static double logreg_g2(const double *v, double *g, const double *X,
			const double *y)
{
	return __enzyme_autodiff(
		(void *)enz_logreg_loss, enzyme_primal_return, enzyme_dup, v,
		g, enzyme_const, X, enzyme_const, y, enzyme_const, LOGREG_N,
		enzyme_const, LOGREG_D, enzyme_const, LOGREG_LAMBDA);
}
static double logreg_g(const double *v, double *g)
{
	return logreg_g2(v, g, logreg_X, logreg_y);
}
static double mlp_g2(const double *v, double *g, const double *target)
{
	return __enzyme_autodiff((void *)enz_mlp_loss, enzyme_primal_return,
				 enzyme_dup, v, g, enzyme_dup, v + MLP_NW,
				 g + MLP_NW, enzyme_const, target);
}
static double mlp_g(const double *v, double *g)
{
	return mlp_g2(v, g, mlp_target);
}
static double burgers_g(const double *v, double *g)
{
	return __enzyme_autodiff((void *)enz_burgers_objective,
				 enzyme_primal_return, enzyme_dup, v, g,
				 enzyme_const, BURG_STEPS);
}
static double tiny_g(const double *v, double *g)
{
	return __enzyme_autodiff((void *)enz_tiny_objective,
				 enzyme_primal_return, enzyme_dup, v, g);
}
static double deepnet_g(const double *v, double *g)
{
	return __enzyme_autodiff((void *)enz_deepnet, enzyme_primal_return,
				 enzyme_dup, DNW(v), DNW(g), enzyme_dup,
				 DNB(v), DNB(g), enzyme_dup, DNH(v), DNH(g));
}

/* ... and their directional derivatives along d: g += grad, hv += H d */
#define ENZ_HVP(k)                                                            \
	static void k##_h(const double *v, const double *d, double *g,        \
			  double *hv)                                         \
	{                                                                     \
		__enzyme_fwddiff((void *)k##_g, enzyme_dup, v, d, enzyme_dup, \
				 g, hv);                                      \
	}
ENZ_HVP(rosen)
ENZ_HVP(heat)
ENZ_HVP(burgers)
ENZ_HVP(tiny)
ENZ_HVP(deepnet)
static void logreg_h(const double *v, const double *d, double *g, double *hv)
{
	__enzyme_fwddiff((void *)logreg_g2, enzyme_dup, v, d, enzyme_dup, g,
			 hv, enzyme_const, logreg_X, enzyme_const, logreg_y);
}
static void mlp_h(const double *v, const double *d, double *g, double *hv)
{
	__enzyme_fwddiff((void *)mlp_g2, enzyme_dup, v, d, enzyme_dup, g, hv,
			 enzyme_const, mlp_target);
}

/* The primals (this file's copies) and ckc's derivatives, on v. */
static double rosen_p(const double *v)
{
	return enz_rosenbrock(v, ROSEN_N);
}
static double rosen_cb(const double *v, double *g)
{
	return rosenbrock_b(v, g, ROSEN_N, 1.0);
}
static void rosen_ch(const double *v, const double *d, double *g, double *hv)
{
	rosenbrock_b_d(v, d, g, hv, ROSEN_N, 1.0, 0.0);
}
static double heat_p(const double *v)
{
	return enz_heat_objective(v, HEAT_STEPS);
}
static double heat_cb(const double *v, double *g)
{
	return heat_objective_b(v, g, HEAT_STEPS, 1.0);
}
static void heat_ch(const double *v, const double *d, double *g, double *hv)
{
	heat_objective_b_d(v, d, g, hv, HEAT_STEPS, 1.0, 0.0);
}
static double logreg_p(const double *v)
{
	return enz_logreg_loss(v, logreg_X, logreg_y, LOGREG_N, LOGREG_D,
			       LOGREG_LAMBDA);
}
static double logreg_cb(const double *v, double *g)
{
	return logreg_loss_b(v, g, logreg_X, logreg_y, LOGREG_N, LOGREG_D,
			     LOGREG_LAMBDA, 1.0);
}
static void logreg_ch(const double *v, const double *d, double *g, double *hv)
{
	logreg_loss_b_d(v, d, g, hv, logreg_X, logreg_y, LOGREG_N, LOGREG_D,
			LOGREG_LAMBDA, 1.0, 0.0);
}
static double mlp_p(const double *v)
{
	return enz_mlp_loss(v, v + MLP_NW, mlp_target);
}
static double mlp_cb(const double *v, double *g)
{
	return mlp_loss_b(v, g, v + MLP_NW, g + MLP_NW, mlp_target, 1.0);
}
static void mlp_ch(const double *v, const double *d, double *g, double *hv)
{
	mlp_loss_b_d(v, d, g, hv, v + MLP_NW, d + MLP_NW, g + MLP_NW,
		     hv + MLP_NW, mlp_target, 1.0, 0.0);
}
static double burgers_p(const double *v)
{
	return enz_burgers_objective(v, BURG_STEPS);
}
static double burgers_cb(const double *v, double *g)
{
	return burgers_adjoint(v, g);
}
static void burgers_ch(const double *v, const double *d, double *g, double *hv)
{
	burgers_hvp(v, d, g, hv);
}
static double tiny_p(const double *v)
{
	return enz_tiny_objective(v);
}
static double tiny_cb(const double *v, double *g)
{
	return tiny_adjoint(v, g);
}
static void tiny_ch(const double *v, const double *d, double *g, double *hv)
{
	tiny_hvp(v, d, g, hv);
}
static double deepnet_p(const double *v)
{
	return enz_deepnet(DNW(v), DNB(v), DNH(v));
}
static double deepnet_cb(const double *v, double *g)
{
	return deepnet_adjoint(v, g);
}
static void deepnet_ch(const double *v, const double *d, double *g, double *hv)
{
	deepnet_hvp(v, d, g, hv);
}

/* Inputs: as bench.c's and shapes.c's inits. */
static void uniform_init(double *v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		v[i] = bench_uniform();
}
static void rosen_i(double *v)
{
	uniform_init(v, ROSEN_N);
}
static void heat_i(double *v)
{
	uniform_init(v, HEAT_CELLS);
}
static void logreg_i(double *v)
{
	int i;

	for (i = 0; i <= LOGREG_D; i++)
		v[i] = 0.5 * bench_uniform();
}
typedef struct Kernel {
	const char *name;
	int n;
	void (*init)(double *v);
	double (*primal)(const double *v);
	double (*grad[2])(const double *v, double *g); /* ckc, Enzyme */
	void (*hvp[2])(const double *v, const double *d, double *g,
		       double *hv);
} Kernel;

/* clang-format off */
#define K(name, n, init, k) \
	{ name, n, init, k##_p, { k##_cb, k##_g }, { k##_ch, k##_h } }
/* clang-format on */
static const Kernel kernels[] = {
	K("rosenbrock", ROSEN_N, rosen_i, rosen),
	K("heat", HEAT_CELLS, heat_i, heat),
	K("logreg", LOGREG_D + 1, logreg_i, logreg),
	K("mlp", MLP_NW + MLP_N0, bench_mlp_init, mlp),
	K("burgers", BURG_CELLS, burgers_init, burgers),
	K("tiny", TINY_N, tiny_init, tiny),
	K("deepnet", DN_BENCH_N, deepnet_init, deepnet),
};
#define NKERNELS ((int)(sizeof kernels / sizeof kernels[0]))

/* The methods timed: the primal, then the gradients, then the H d. */
enum { M_PRIMAL, M_CKC_B, M_ENZ_B, M_CKC_H, M_ENZ_H, M_COUNT };

static double v[MAXN], d[MAXN], g[MAXN], hv[MAXN];
static volatile double sink;

static void call(const Kernel *k, int m)
{
	switch (m) {
	case M_PRIMAL:
		sink = k->primal(v);
		break;
	case M_CKC_B:
	case M_ENZ_B:
		memset(g, 0, k->n * sizeof *g);
		sink = k->grad[m - M_CKC_B](v, g);
		break;
	default:
		memset(g, 0, k->n * sizeof *g);
		memset(hv, 0, k->n * sizeof *hv);
		k->hvp[m - M_CKC_H](v, d, g, hv);
		sink = hv[0];
		break;
	}
}

static void call_any(const void *k, int m)
{
	call(k, m);
}

static double median(double *x)
{
	qsort(x, BENCH_ROUNDS, sizeof *x, bench_cmp_double);
	return x[BENCH_ROUNDS / 2];
}

/* Enzyme's value, gradient and H d against ckc's at v along d: the
 * largest relative difference. */
static double check(const Kernel *k)
{
	static double g0[MAXN], hv0[MAXN];
	double e, f0, fe;

	call(k, M_CKC_H);
	memcpy(g0, g, k->n * sizeof *g);
	memcpy(hv0, hv, k->n * sizeof *hv);
	call(k, M_CKC_B);
	f0 = sink;
	call(k, M_ENZ_B);
	fe = sink;
	e = fmax(bench_rel_err(g, g0, k->n), bench_rel_err(&fe, &f0, 1));
	call(k, M_ENZ_H);
	e = fmax(e, bench_rel_err(g, g0, k->n));
	return fmax(e, bench_rel_err(hv, hv0, k->n));
}

int main(void)
{
	double t[M_COUNT][BENCH_ROUNDS], r[M_COUNT + 2][BENCH_ROUNDS];
	int i, m, round, failed = 0;

	bench_make_data();
	printf("ckc against Enzyme (clang-19 and Enzyme's plugin, the same "
	       "flags): time / primal time,\nand ckc's time / Enzyme's "
	       "(medians of %d rounds of loops of about 0.1 s)\n",
	       BENCH_ROUNDS);
	printf("%-14s %6s %9s  %7s %7s %9s  %7s %7s %9s\n", "", "", "", "ckc",
	       "Enzyme", "ckc f_b", "ckc", "Enzyme", "ckc f_b_d");
	printf("%-14s %6s %9s  %7s %7s %9s  %7s %7s %9s\n", "kernel", "inputs",
	       "vs ckc", "f_b", "grad", "/ Enzyme", "f_b_d", "H d",
	       "/ Enzyme");
	for (i = 0; i < NKERNELS; i++) {
		const Kernel *k = &kernels[i];
		long reps[M_COUNT];
		double err;

		if (!bench_only(k->name))
			continue;
		k->init(v);
		for (m = 0; m < k->n; m++)
			d[m] = bench_uniform();
		err = check(k);
		if (!(err <= 1e-8)) {
			printf("MISMATCH: %s: Enzyme's derivatives against "
			       "ckc's: relative difference %.1e\n",
			       k->name, err);
			failed = 1;
			continue;
		}
		for (m = 0; m < M_COUNT; m++)
			reps[m] = bench_calibrate(call_any, k, m, 0.02, 0.025,
						  0.105);
		for (round = 0; round < BENCH_ROUNDS; round++)
			for (m = 0; m < M_COUNT; m++)
				t[m][round] =
					bench_loop(call_any, k, m, reps[m]) /
					reps[m];
		for (round = 0; round < BENCH_ROUNDS; round++) {
			for (m = 1; m < M_COUNT; m++)
				r[m][round] = t[m][round] / t[M_PRIMAL][round];
			r[M_COUNT][round] =
				t[M_CKC_B][round] / t[M_ENZ_B][round];
			r[M_COUNT + 1][round] =
				t[M_CKC_H][round] / t[M_ENZ_H][round];
		}
		printf("%-14s %6d %9.1e  %7.2f %7.2f %9.2f  %7.2f %7.2f "
		       "%9.2f\n",
		       k->name, k->n, err, median(r[M_CKC_B]),
		       median(r[M_ENZ_B]), median(r[M_COUNT]),
		       median(r[M_CKC_H]), median(r[M_ENZ_H]),
		       median(r[M_COUNT + 1]));
		fflush(stdout);
	}
	printf("(vs ckc: the largest relative difference of Enzyme's value, "
	       "gradient and H d from ckc's.\nckc / Enzyme below 1: ckc is "
	       "faster.  Enzyme ignores ck_checkpoint: mlp's and tiny's\n"
	       "regions are recomputed by ckc only.)\n");
	return failed;
}
