/*
 * main.c - the gradient and Hessian-vector products of a distributed
 * diffusion (heat.c), checked, with each rank's memory and recomputations.
 *
 *   ckc heat.c -o heat_grad.c
 *   mpicc -std=c99 -O2 main.c heat.c heat_grad.c -lckrt_mpi -lckrt -lm
 *       (with -I and -L for ckrt.h and the libraries where they are)
 *   mpirun -np 4 ./a.out [CELLS [STEPS [ROUNDS [EXCHANGE]]]]
 *          (default 240 cells, 200 steps, 0 rounds, EXCHANGE sendrecv:
 *          the halos by MPI_Sendrecv; nonblocking: by MPI_Irecv,
 *          MPI_Isend and MPI_Waitall)
 *
 * Any number of ranks that divides CELLS: rank p holds cells
 * [p n, (p + 1) n), n = CELLS / P.  The inputs are the initial state u0
 * (distributed) and the diffusion coefficient kappa (every rank holds
 * it).  heat_misfit's result is one value that every rank holds, so the
 * gradient is seeded on rank 0 only (ret_b = 1 there, 0 elsewhere): each
 * rank then gets the derivatives with respect to its own cells, and its
 * share of the derivative with respect to kappa, whose sum over the ranks
 * is the derivative.
 *
 * Checks (rank 0 prints; the exit status is 1 when one fails):
 *   - the misfit, the gradient and H.d (H times a direction d of the
 *     cells and kappa) equal, to 1e-12 relative, those of the same code on
 *     one process over the whole domain (rank 0 calls heat_misfit_b and
 *     heat_misfit_b_d on MPI_COMM_SELF with all the cells);
 *   - a few entries of the gradient and the derivative in kappa against
 *     Richardson-extrapolated central differences, to 1e-7 relative;
 *   - the tangent (heat_misfit_d) along d against gradient . d, to 1e-12;
 *   - H.d (heat_misfit_b_d) against central differences of gradients, to
 *     1e-6 relative;
 *   - on every rank, the steps that the binomial(HEAT_SNAPS) time loop runs
 *     again equal Revolve's optimum.
 * It prints each rank's ck_stats of one gradient (peak bytes of tape and
 * snapshots, recomputed steps) and their sum over the ranks.  With ROUNDS
 * > 0 it also times the primal and the gradient: the best of ROUNDS runs,
 * each run's time the longest of any rank's (MPI_Wtime).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "ckrt.h"
#include "heat.h"
#include "heat_grad.h"

static int rank, nranks;
static char on_ranks[32];             /* "1 rank", "4 ranks" */
static int ncells = 240, steps = 200; /* the whole domain */
static int nonblocking;               /* the halo exchange's calls */
static int n, lo;                     /* this rank's cells */
static double *u0, *target;           /* the whole domain, on every rank */
static const double kappa = 0.25;
static int fails;

/* printf on rank 0 */
static void say(const char *fmt, ...)
{
	va_list ap;

	if (rank != 0)
		return;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

static void check(int ok, const char *fmt, ...)
{
	va_list ap;

	fails += !ok;
	if (rank != 0)
		return;
	printf("%s: ", ok ? "ok" : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static double *alloc(int count)
{
	double *p = calloc((size_t)count, sizeof *p);

	if (!p) {
		fprintf(stderr, "mpi_heat: out of memory\n");
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	return p;
}

/* The largest |a[i] - b[i]| over the largest |a[i]|, |b[i]| (0 when
 * both are 0). */
static double rel_diff(const double *a, const double *b, int count)
{
	double d = 0.0, scale = 0.0;

	for (int i = 0; i < count; i++) {
		d = fmax(d, fabs(a[i] - b[i]));
		scale = fmax(scale, fmax(fabs(a[i]), fabs(b[i])));
	}
	return scale > 0.0 ? d / scale : 0.0;
}

/* The misfit of the whole state x with coefficient k, computed by all the
 * ranks (each from its own cells). */
static double misfit(const double *x, double k)
{
	return heat_misfit(x + lo, k, target + lo, n, steps, nonblocking,
			   MPI_COMM_WORLD);
}

/* The gradient at (x, k) into g[0, ncells] (kappa's entry last), on every
 * rank: each rank's adjoint of its cells (ret_b = 1 on rank 0 only),
 * gathered, and its share of kappa's, summed over the ranks.  Returns the
 * misfit. */
static double gradient(const double *x, double k, double *g)
{
	double *mine = alloc(n), mine_k = 0.0;
	double f = heat_misfit_b(x + lo, mine, k, &mine_k, target + lo, n,
				 steps, nonblocking, MPI_COMM_WORLD,
				 rank == 0 ? 1.0 : 0.0);

	MPI_Allgather(mine, n, MPI_DOUBLE, g, n, MPI_DOUBLE, MPI_COMM_WORLD);
	MPI_Allreduce(&mine_k, &g[ncells], 1, MPI_DOUBLE, MPI_SUM,
		      MPI_COMM_WORLD);
	free(mine);
	return f;
}

/* H (d, dk) at (u0, kappa) into h[0, ncells], gathered as gradient()
 * does. */
static void hessian_vector(const double *d, double dk, double *h)
{
	double *g = alloc(n), *hv = alloc(n), g_k = 0.0, hv_k = 0.0;

	heat_misfit_b_d(u0 + lo, d + lo, g, hv, kappa, dk, &g_k, &hv_k,
			target + lo, n, steps, nonblocking, MPI_COMM_WORLD,
			rank == 0 ? 1.0 : 0.0, 0.0);
	MPI_Allgather(hv, n, MPI_DOUBLE, h, n, MPI_DOUBLE, MPI_COMM_WORLD);
	MPI_Allreduce(&hv_k, &h[ncells], 1, MPI_DOUBLE, MPI_SUM,
		      MPI_COMM_WORLD);
	free(g);
	free(hv);
}

/* d/dt misfit(u0 + t e_i, kappa) (i < ncells) or misfit(u0, kappa + t)
 * (i == ncells) at t = 0: (4 D(h/2) - D(h)) / 3 with the central
 * differences D(h). */
static double richardson(int i)
{
	const double h = 1e-3;
	double *x = alloc(ncells), f[4];
	const double t[4] = { h, -h, h / 2, -h / 2 };

	for (int k = 0; k < 4; k++) {
		memcpy(x, u0, ncells * sizeof *x);
		if (i < ncells)
			x[i] += t[k];
		f[k] = misfit(x, i < ncells ? kappa : kappa + t[k]);
	}
	free(x);
	return (4 * (f[2] - f[3]) / h - (f[0] - f[1]) / (2 * h)) / 3;
}

/* C(n, k), exactly while it fits. */
static double binom(int nn, int k)
{
	double c = 1.0;

	for (int i = 1; i <= k; i++)
		c = c * (nn - k + i) / i;
	return floor(c + 0.5);
}

/* Revolve's optimum: the fewest steps a reversal of l steps with s
 * snapshots runs beyond the l of the primal, t l - C(s + t, t - 1) for the
 * smallest t with C(s + t, s) >= l (Griewank and Walther). */
static double revolve_optimum(int l, int s)
{
	int t = 0;

	if (l <= 1)
		return 0.0;
	while (binom(s + t, s) < l)
		t++;
	return t * (double)l - binom(s + t, t - 1);
}

/* The best of `rounds` runs of call, in seconds, each run's time the
 * longest of any rank's. */
#define BEST_TIME(best, rounds, call)                                         \
	do {                                                                  \
		best = INFINITY;                                              \
		for (int r_ = 0; r_ < (rounds); r_++) {                       \
			double t_;                                            \
			MPI_Barrier(MPI_COMM_WORLD);                          \
			t_ = MPI_Wtime();                                     \
			call;                                                 \
			t_ = MPI_Wtime() - t_;                                \
			MPI_Allreduce(MPI_IN_PLACE, &t_, 1, MPI_DOUBLE,       \
				      MPI_MAX, MPI_COMM_WORLD);               \
			best = fmin(best, t_);                                \
		}                                                             \
	} while (0)

/* The one-process program: rank 0 runs heat_misfit_b and heat_misfit_b_d
 * on MPI_COMM_SELF over the whole domain.  The distributed results (g and
 * h with kappa's entry last) must equal them to 1e-12. */
static void compare_with_one_process(double f, const double *g,
				     const double *d, double dk,
				     const double *h)
{
	double *g1, *h1, *gb, f1, r;

	if (rank != 0)
		return;
	g1 = alloc(ncells + 1);
	h1 = alloc(ncells + 1);
	gb = alloc(ncells + 1);
	f1 = heat_misfit_b(u0, g1, kappa, &g1[ncells], target, ncells, steps,
			   nonblocking, MPI_COMM_SELF, 1.0);
	heat_misfit_b_d(u0, d, gb, h1, kappa, dk, &gb[ncells], &h1[ncells],
			target, ncells, steps, nonblocking, MPI_COMM_SELF, 1.0,
			0.0);
	r = fabs(f - f1) / fabs(f1);
	check(r <= 1e-12, "misfit on %s = on one process (rel. diff %.1e)",
	      on_ranks, r);
	r = fmax(rel_diff(g, g1, ncells),
		 rel_diff(&g[ncells], &g1[ncells], 1));
	check(r <= 1e-12, "gradient on %s = on one process (rel. diff %.1e)",
	      on_ranks, r);
	r = fmax(rel_diff(h, h1, ncells),
		 rel_diff(&h[ncells], &h1[ncells], 1));
	check(r <= 1e-12, "H.d on %s = on one process (rel. diff %.1e)",
	      on_ranks, r);
	free(g1);
	free(h1);
	free(gb);
}

int main(int argc, char **argv)
{
	int rounds = 0;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nranks);
	if (argc > 1)
		ncells = atoi(argv[1]);
	if (argc > 2)
		steps = atoi(argv[2]);
	if (argc > 3)
		rounds = atoi(argv[3]);
	if (argc > 4)
		nonblocking = !strcmp(argv[4], "nonblocking") ? 1
			      : !strcmp(argv[4], "sendrecv")  ? 0
							      : -1;
	if (ncells < 2 || steps < 1 || rounds < 0 || ncells % nranks ||
	    nonblocking < 0) {
		say("usage: mpirun -np P %s [CELLS [STEPS [ROUNDS "
		    "[sendrecv|nonblocking]]]], P dividing CELLS\n",
		    argv[0]);
		MPI_Finalize();
		return 2;
	}
	n = ncells / nranks;
	snprintf(on_ranks, sizeof on_ranks, "%d rank%s", nranks,
		 nranks > 1 ? "s" : "");
	lo = rank * n;

	/* a bump that the reaction grows and diffusion spreads, and a
	 * target that it should reach */
	double *d = alloc(ncells), dk = 0.5;
	u0 = alloc(ncells);
	target = alloc(ncells);
	for (int i = 0; i < ncells; i++) {
		double x = (i + 0.5) / ncells;
		u0[i] = 0.2 + 0.6 * exp(-40.0 * (x - 0.4) * (x - 0.4));
		target[i] = 0.5 + 0.3 * sin(3.0 * x);
		d[i] = cos(7.0 * x + 0.3);
	}

	/* the misfit, the gradient (with each rank's ck_stats) and H.d */
	double f = misfit(u0, kappa);
	double *g = alloc(ncells + 1), *h = alloc(ncells + 1);
	ck_stats st;
	ck_stats_reset();
	gradient(u0, kappa, g);
	ck_stats_get(&st);
	hessian_vector(d, dk, h);
	say("mpi_heat: %d cells on %s (%d each), %d steps, "
	    "binomial(%d), halos by %s; misfit %.12f\n",
	    ncells, on_ranks, n, steps, HEAT_SNAPS,
	    nonblocking ? "MPI_Irecv/MPI_Isend/MPI_Waitall" : "MPI_Sendrecv",
	    f);
	compare_with_one_process(f, g, d, dk, h);

	/* a few entries of the gradient, and kappa's, against differences:
	 * the ends of the domain and the cells on both sides of the middle
	 * (a boundary between ranks when P is even) */
	{
		int at[5] = { 0, ncells / 2 - 1, ncells / 2, ncells - 1,
			      ncells };
		double worst = 0.0;
		for (int k = 0; k < 5; k++) {
			double fd = richardson(at[k]), ad = g[at[k]];
			char name[32] = "dmisfit/dkappa";
			if (at[k] < ncells)
				snprintf(name, sizeof name, "dmisfit/du0[%d]",
					 at[k]);
			worst = fmax(worst, fabs(ad - fd) / fabs(fd));
			say("  %-17s = %19.12e, differences %19.12e\n", name,
			    ad, fd);
		}
		check(worst <= 1e-7,
		      "gradient entries and dmisfit/dkappa against "
		      "differences (worst rel. diff %.1e)",
		      worst);
	}

	/* the tangent along (d, dk) against gradient . (d, dk) */
	{
		double dot = 0.0, gd = g[ncells] * dk, r;
		heat_misfit_d(u0 + lo, d + lo, kappa, dk, target + lo, n,
			      steps, nonblocking, MPI_COMM_WORLD, &dot);
		for (int i = 0; i < ncells; i++)
			gd += g[i] * d[i];
		r = fabs(dot - gd) / fabs(gd);
		check(r <= 1e-12,
		      "tangent %.12e = gradient . d (rel. diff "
		      "%.1e)",
		      dot, r);
	}

	/* H.d against central differences of gradients along (d, dk) */
	{
		const double eps = 1e-5;
		double *x = alloc(ncells), *gp = alloc(ncells + 1);
		double *gm = alloc(ncells + 1), r;
		for (int i = 0; i < ncells; i++)
			x[i] = u0[i] + eps * d[i];
		gradient(x, kappa + eps * dk, gp);
		for (int i = 0; i < ncells; i++)
			x[i] = u0[i] - eps * d[i];
		gradient(x, kappa - eps * dk, gm);
		for (int i = 0; i <= ncells; i++)
			gp[i] = (gp[i] - gm[i]) / (2 * eps);
		r = rel_diff(h, gp, ncells + 1);
		check(r <= 1e-6,
		      "H.d against differences of gradients "
		      "(rel. diff %.1e)",
		      r);
		free(x);
		free(gp);
		free(gm);
	}

	/* each rank's ck_stats of one gradient, and their sum */
	{
		unsigned long long mine[2] = { st.peak_bytes,
					       st.recomputations };
		unsigned long long sum[2], *all = NULL;
		double optimum = revolve_optimum(steps, HEAT_SNAPS);
		int right = (double)st.recomputations == optimum, everywhere;
		if (rank == 0 && !(all = malloc(2 * nranks * sizeof *all)))
			MPI_Abort(MPI_COMM_WORLD, 1);
		MPI_Gather(mine, 2, MPI_UNSIGNED_LONG_LONG, all, 2,
			   MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
		MPI_Reduce(mine, sum, 2, MPI_UNSIGNED_LONG_LONG, MPI_SUM, 0,
			   MPI_COMM_WORLD);
		say("rank  peak bytes  recomputed steps   (ck_stats of one "
		    "gradient)\n");
		for (int p = 0; rank == 0 && p < nranks; p++)
			say("%4d %11llu %17llu\n", p, all[2 * p],
			    all[2 * p + 1]);
		say(" sum %11llu %17llu\n", sum[0], sum[1]);
		MPI_Allreduce(&right, &everywhere, 1, MPI_INT, MPI_LAND,
			      MPI_COMM_WORLD);
		check(everywhere,
		      "every rank recomputed Revolve's optimum, "
		      "%.0f steps for %d steps and %d snapshots",
		      optimum, steps, HEAT_SNAPS);
		free(all);
	}

	if (rounds > 0) {
		double tf, tg, *tmp = alloc(n + 1);
		unsigned long long peak = st.peak_bytes;
		BEST_TIME(tf, rounds, misfit(u0, kappa));
		BEST_TIME(tg, rounds,
			  (memset(tmp, 0, (n + 1) * sizeof *tmp),
			   heat_misfit_b(u0 + lo, tmp, kappa, &tmp[n],
					 target + lo, n, steps, nonblocking,
					 MPI_COMM_WORLD,
					 rank == 0 ? 1.0 : 0.0)));
		MPI_Allreduce(MPI_IN_PLACE, &peak, 1, MPI_UNSIGNED_LONG_LONG,
			      MPI_MAX, MPI_COMM_WORLD);
		say("time on %s: primal %.3f ms, gradient %.3f ms "
		    "(%.2fx), peak bytes per rank %llu\n",
		    on_ranks, tf * 1e3, tg * 1e3, tg / tf, peak);
		free(tmp);
	}

	MPI_Allreduce(MPI_IN_PLACE, &fails, 1, MPI_INT, MPI_SUM,
		      MPI_COMM_WORLD);
	free(u0);
	free(target);
	free(d);
	free(g);
	free(h);
	MPI_Finalize();
	return fails != 0;
}
