/*
 * heat.c - a 1-D diffusion with a reaction term, its cells split over the
 * ranks of a communicator, binomially checkpointed in time.
 *
 *     u_t = kappa u_xx + r u (1 - u)     (cell units, dt = 1, r = HEAT_RATE)
 *
 * Rank p of P holds the n cells [p n, (p + 1) n) of a domain of P n cells
 * with u = 0 beyond both ends.  heat_misfit takes `steps` explicit steps
 * from u0 (this rank's n cells) and returns the misfit of the final state
 * to a target, sum over all cells of (u - target)^2, which every rank
 * gets.  Each step first exchanges the halo cells u[0] and u[n + 1] with
 * the neighbours (MPI_Sendrecv, or with nonblocking MPI_Irecv, MPI_Isend
 * and MPI_Waitall; MPI_PROC_NULL at the domain's ends, where the halos
 * keep their 0), then updates the rank's cells; the misfit's sum over the
 * ranks is an MPI_Allreduce.
 *
 * ckc turns the MPI calls into calls of libckrt_mpi: the tangent sends
 * each halo's tangent with it, the adjoint sends the halos' adjoints back
 * the other way and reverses the Allreduce (nonblocking: the adjoint of
 * MPI_Waitall posts the adjoint messages, the adjoint of each post
 * completes its own).  The time loop keeps at most
 * HEAT_SNAPS snapshots of u and un (Revolve): every rank follows the same
 * schedule, so the steps run again exchange their halos as they did.
 * Called on MPI_COMM_SELF with all the cells, it is the one-process
 * program.
 */
#include <stdlib.h>

#include "heat.h"

/* Exchanges the halo cells u[0] and u[n + 1] with the neighbours. */
static void exchange(double *u, int n, int left, int right, int nonblocking,
		     MPI_Comm comm)
{
	MPI_Request rq[4];

	if (nonblocking) {
		MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, comm, &rq[0]);
		MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, right, 1, comm, &rq[1]);
		MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, comm, &rq[2]);
		MPI_Isend(&u[n], 1, MPI_DOUBLE, right, 0, comm, &rq[3]);
		MPI_Waitall(4, rq, MPI_STATUSES_IGNORE);
	} else {
		MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 0, &u[0], 1,
			     MPI_DOUBLE, left, 0, comm, MPI_STATUS_IGNORE);
		MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 1, &u[n + 1], 1,
			     MPI_DOUBLE, right, 1, comm, MPI_STATUS_IGNORE);
	}
}

#pragma ck_tangent wrt(u0, kappa)
#pragma ck_adjoint wrt(u0, kappa)
#pragma ck_hvp wrt(u0, kappa)
double heat_misfit(const double *u0, double kappa, const double *target, int n,
		   int steps, int nonblocking, MPI_Comm comm)
{
	double *u = malloc((n + 2) * sizeof(double));
	double *un = malloc((n + 2) * sizeof(double));
	double s = 0.0, loss = 0.0;
	int rank, size, left, right, i, t;

	MPI_Comm_rank(comm, &rank);
	MPI_Comm_size(comm, &size);
	left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
	right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
	u[0] = 0.0;
	u[n + 1] = 0.0;
	for (i = 0; i < n; i++)
		u[i + 1] = u0[i];
	for (i = 0; i < n + 2; i++)
		un[i] = u[i];
#pragma ck_checkpoint binomial(HEAT_SNAPS) save(u[0:n + 2], un[0:n + 2])
	for (t = 0; t < steps; t++) {
		exchange(u, n, left, right, nonblocking, comm);
		for (i = 1; i <= n; i++)
			un[i] = u[i] +
				kappa * (u[i - 1] - 2.0 * u[i] + u[i + 1]) +
				HEAT_RATE * u[i] * (1.0 - u[i]);
		for (i = 1; i <= n; i++)
			u[i] = un[i];
	}
	for (i = 1; i <= n; i++)
		s += (u[i] - target[i - 1]) * (u[i] - target[i - 1]);
	MPI_Allreduce(&s, &loss, 1, MPI_DOUBLE, MPI_SUM, comm);
	free(u);
	free(un);
	return loss;
}
