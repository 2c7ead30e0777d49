/*
 * mpicheck.h - kernelcheck.h's checks of a function distributed over the
 * ranks of MPI_COMM_WORLD, and its comparison with the same function on
 * one process.
 *
 * The inputs are one vector v of N distributed entries (rank r holds
 * v[lo, lo + n), n = N / P) followed by nshared entries that every rank
 * holds alike (a coefficient).  Every rank holds all of v, takes the same
 * random directions and runs every check: the function and its
 * derivatives are collective.  Only rank 0 prints.
 *
 * The test's wrappers (kc_fn, kc_fn_d, kc_fn_b, and a ck_hvpfn) call the
 * generated functions on the rank's slice, v + mc_lo(ctx), mc_n(ctx), on
 * mc_comm(ctx); seed the result only through mc_seed(ctx, rb) (the result
 * is one value that every rank holds: seeded on rank 0, DESIGN §5); and
 * hand their adjoints to mc_gather, which puts every rank's slice into the
 * whole vector and sums the shared entries' adjoints over the ranks.  The
 * f_b_d wrapper is called as kernelcheck.h calls it, with the gradient's
 * context (kc_grad_): mc_hvp_ctx(ctx) is the mc_ctx in it.
 *
 *   MC_WRAPPERS_K    the four wrappers of a kernel F(x, k, n, EXTRA, comm)
 *                    with one shared scalar k (v[N]); MC_WRAPPERS_0 of
 *                    F(x, n, comm)
 *   mc_init          MPI_Init; ranks other than 0 print nowhere
 *   mc_check_scalar  kc_check_scalar on MPI_COMM_WORLD, then (when the
 *                    function does not depend on the number of ranks) its
 *                    value, gradient and H.v against the same wrappers on
 *                    MPI_COMM_SELF (one process, the whole domain) to
 *                    1e-12; returns ck_done()
 *   mc_check_same    the gradient and H.v of two builds of a kernel (with
 *                    and without checkpoints) bitwise the same
 *   mc_all           a condition on every rank
 *   mc_revolve_optimum  the steps Revolve runs again for l steps and s
 *                    snapshots
 */
#ifndef MPICHECK_H
#define MPICHECK_H

#include <mpi.h>
#include <stdio.h>
#include <string.h>

#ifndef CK_VEC_MAX
#define CK_VEC_MAX 64
#endif
#include "kernelcheck.h"

typedef struct mc_ctx {
	MPI_Comm comm;
	int rank, lo, n, N, nshared;
} mc_ctx;

static inline void mc_init(int *argc, char ***argv)
{
	int rank;
	MPI_Init(argc, argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (rank != 0 && !freopen("/dev/null", "w", stdout))
		MPI_Abort(MPI_COMM_WORLD, 2);
}

static inline mc_ctx mc_make(MPI_Comm comm, int N, int nshared)
{
	mc_ctx c;
	int size;
	c.comm = comm;
	MPI_Comm_rank(comm, &c.rank);
	MPI_Comm_size(comm, &size);
	if (N % size != 0) {
		fprintf(stderr, "mpicheck: %d entries over %d ranks\n", N, size);
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	c.n = N / size;
	c.lo = c.rank * c.n;
	c.N = N;
	c.nshared = nshared;
	return c;
}

static inline int mc_lo(void *ctx)
{
	return ((mc_ctx *)ctx)->lo;
}

static inline int mc_n(void *ctx)
{
	return ((mc_ctx *)ctx)->n;
}

static inline MPI_Comm mc_comm(void *ctx)
{
	return ((mc_ctx *)ctx)->comm;
}

static inline void *mc_hvp_ctx(void *ctx)
{
	return ((kc_grad_ *)ctx)->ctx;
}

static inline double mc_seed(void *ctx, double rb)
{
	return ((mc_ctx *)ctx)->rank == 0 ? rb : 0.0;
}

/* vb += the whole adjoint: g holds this rank's slice in g[0, n) and its
 * adjoints of the shared entries in g[N, N + nshared). */
static inline void mc_gather(void *ctx, const double *g, double *vb,
			     int nshared)
{
	mc_ctx *c = ctx;
	double all[CK_VEC_MAX] = {0}, sh[CK_VEC_MAX] = {0};
	MPI_Allgather(g, c->n, MPI_DOUBLE, all, c->n, MPI_DOUBLE, c->comm);
	MPI_Allreduce(g + c->N, sh, nshared, MPI_DOUBLE, MPI_SUM, c->comm);
	for (int i = 0; i < c->N; i++)
		vb[i] += all[i];
	for (int i = 0; i < nshared; i++)
		vb[c->N + i] += sh[i];
}

static inline int mc_check_scalar(const char *what, kc_fn f, kc_fn_d fd,
				  kc_fn_b fb, ck_hvpfn hvp, const double *v,
				  int N, int nshared, int same_on_one)
{
	mc_ctx world = mc_make(MPI_COMM_WORLD, N, nshared);
	mc_ctx self = mc_make(MPI_COMM_SELF, N, nshared);
	kc_grad_ gworld = {fb, &world}, gself = {fb, &self};
	int n = N + nshared;
	double g[CK_VEC_MAX] = {0}, g1[CK_VEC_MAX] = {0};
	double d[CK_VEC_MAX] = {0}, hv[CK_VEC_MAX] = {0};
	double hv1[CK_VEC_MAX] = {0}, gb[CK_VEC_MAX] = {0};
	double gb1[CK_VEC_MAX] = {0};
	double y, y1;

	kc_check_scalar(what, f, fd, fb, hvp, &world, v, NULL, n, 3);
	if (!same_on_one)
		return ck_done();

	y = f(v, &world);
	y1 = f(v, &self);
	ck_close("value on P ranks = on one", y, y1, 1e-12);
	fb(v, g, 1.0, &world);
	fb(v, g1, 1.0, &self);
	ck_close_vec("gradient on P ranks = on one", g, g1, n, 1e-12);
	for (int i = 0; i < n; i++)
		d[i] = ck_rand();
	hvp(v, d, gb, hv, 1.0, 0.0, n, &gworld);
	hvp(v, d, gb1, hv1, 1.0, 0.0, n, &gself);
	ck_close_vec("H.v on P ranks = on one", hv, hv1, n, 1e-12);
	return ck_done();
}

/* The wrappers PFX_f, PFX_d, PFX_b and PFX_b_d of a kernel
 * F(const double *x, double k, int n, EXTRA, MPI_Comm comm) of N
 * distributed entries and a shared k (v[N]), and its F_d, F_b, F_b_d
 * (static inline: a test may use some of them). */
#define MC_WRAPPERS_K(PFX, F, N, EXTRA)                                       \
	static inline double PFX##_f(const double *v, void *ctx)                     \
	{                                                                     \
		return F(v + mc_lo(ctx), v[N], mc_n(ctx), EXTRA,              \
			 mc_comm(ctx));                                       \
	}                                                                     \
	static inline double PFX##_d(const double *v, const double *vd, double *dot, \
			      void *ctx)                                      \
	{                                                                     \
		return F##_d(v + mc_lo(ctx), vd + mc_lo(ctx), v[N], vd[N],    \
			     mc_n(ctx), EXTRA, mc_comm(ctx), dot);            \
	}                                                                     \
	static inline double PFX##_b(const double *v, double *vb, double rb,         \
			      void *ctx)                                      \
	{                                                                     \
		double g[CK_VEC_MAX] = {0};                                   \
		double y = F##_b(v + mc_lo(ctx), g, v[N], &g[N], mc_n(ctx),   \
				 EXTRA, mc_comm(ctx), mc_seed(ctx, rb));      \
		mc_gather(ctx, g, vb, 1);                                     \
		return y;                                                     \
	}                                                                     \
	static inline double PFX##_b_d(const double *v, const double *vd,            \
				double *vb, double *vbd, double rb,           \
				double rbd, int nv, void *ctx)                \
	{                                                                     \
		double g[CK_VEC_MAX] = {0}, gd[CK_VEC_MAX] = {0};             \
		double y;                                                     \
		(void)nv;                                                     \
		ctx = mc_hvp_ctx(ctx);                                        \
		y = F##_b_d(v + mc_lo(ctx), vd + mc_lo(ctx), g, gd, v[N],     \
			    vd[N], &g[N], &gd[N], mc_n(ctx), EXTRA,           \
			    mc_comm(ctx), mc_seed(ctx, rb),                   \
			    mc_seed(ctx, rbd));                               \
		mc_gather(ctx, g, vb, 1);                                     \
		mc_gather(ctx, gd, vbd, 1);                                   \
		return y;                                                     \
	}

/* The same for a kernel F(const double *x, int n, MPI_Comm comm). */
#define MC_WRAPPERS_0(PFX, F)                                                 \
	static inline double PFX##_f(const double *v, void *ctx)                     \
	{                                                                     \
		return F(v + mc_lo(ctx), mc_n(ctx), mc_comm(ctx));            \
	}                                                                     \
	static inline double PFX##_d(const double *v, const double *vd, double *dot, \
			      void *ctx)                                      \
	{                                                                     \
		return F##_d(v + mc_lo(ctx), vd + mc_lo(ctx), mc_n(ctx),      \
			     mc_comm(ctx), dot);                              \
	}                                                                     \
	static inline double PFX##_b(const double *v, double *vb, double rb,         \
			      void *ctx)                                      \
	{                                                                     \
		double g[CK_VEC_MAX] = {0};                                   \
		double y = F##_b(v + mc_lo(ctx), g, mc_n(ctx), mc_comm(ctx),  \
				 mc_seed(ctx, rb));                           \
		mc_gather(ctx, g, vb, 0);                                     \
		return y;                                                     \
	}                                                                     \
	static inline double PFX##_b_d(const double *v, const double *vd,            \
				double *vb, double *vbd, double rb,           \
				double rbd, int nv, void *ctx)                \
	{                                                                     \
		double g[CK_VEC_MAX] = {0}, gd[CK_VEC_MAX] = {0};             \
		double y;                                                     \
		(void)nv;                                                     \
		ctx = mc_hvp_ctx(ctx);                                        \
		y = F##_b_d(v + mc_lo(ctx), vd + mc_lo(ctx), g, gd,           \
			    mc_n(ctx), mc_comm(ctx), mc_seed(ctx, rb),        \
			    mc_seed(ctx, rbd));                               \
		mc_gather(ctx, g, vb, 0);                                     \
		mc_gather(ctx, gd, vbd, 0);                                   \
		return y;                                                     \
	}

/* Does ok hold on every rank? */
static inline int mc_all(int ok)
{
	int all = 0;
	MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
	return all;
}

/* The gradients and the H.v along d of two builds of a kernel (fb1, hvp1
 * and fb2, hvp2, on MPI_COMM_WORLD) bitwise the same: "gradient bitwise
 * <what>", "H.v bitwise <what>". */
static inline void mc_check_same(const char *what, kc_fn_b fb1,
				 ck_hvpfn hvp1, kc_fn_b fb2, ck_hvpfn hvp2,
				 const double *v, const double *d, int N,
				 int nshared)
{
	mc_ctx world = mc_make(MPI_COMM_WORLD, N, nshared);
	kc_grad_ gw1 = {fb1, &world}, gw2 = {fb2, &world};
	double g1[CK_VEC_MAX] = {0}, g2[CK_VEC_MAX] = {0};
	double b1[CK_VEC_MAX] = {0}, b2[CK_VEC_MAX] = {0};
	double h1[CK_VEC_MAX] = {0}, h2[CK_VEC_MAX] = {0};
	size_t bytes = sizeof(double) * (size_t)(N + nshared);
	char name[128];

	fb1(v, g1, 1.0, &world);
	fb2(v, g2, 1.0, &world);
	snprintf(name, sizeof name, "gradient bitwise %s", what);
	ck_check(name, mc_all(memcmp(g1, g2, bytes) == 0));
	hvp1(v, d, b1, h1, 1.0, 0.0, N + nshared, &gw1);
	hvp2(v, d, b2, h2, 1.0, 0.0, N + nshared, &gw2);
	snprintf(name, sizeof name, "H.v bitwise %s", what);
	ck_check(name, mc_all(memcmp(h1, h2, bytes) == 0));
}

/* Revolve's optimum for l steps and s snapshots: t l - C(s + t, t - 1),
 * t the smallest with C(s + t, s) >= l. */
static inline unsigned long long mc_revolve_optimum(long l, int s)
{
	long t = 0, c = 1, b = 1; /* c = C(s + t, s) */
	while (c < l) {
		t++;
		c = c * (s + t) / t;
	}
	for (long j = 1; j <= s + 1; j++) /* b = C(s + t, s + 1) */
		b = b * (t - 1 + j) / j;
	return (unsigned long long)(t * l - (t ? b : 0));
}

#endif
