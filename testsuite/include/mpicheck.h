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
 *   mc_init          MPI_Init; ranks other than 0 print nowhere
 *   mc_check_scalar  kc_check_scalar on MPI_COMM_WORLD, then (when the
 *                    function does not depend on the number of ranks) its
 *                    value, gradient and H.v against the same wrappers on
 *                    MPI_COMM_SELF (one process, the whole domain) to
 *                    1e-12; returns ck_done()
 */
#ifndef MPICHECK_H
#define MPICHECK_H

#include <mpi.h>
#include <stdio.h>

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

#endif
