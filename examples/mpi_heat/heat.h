/* heat.h - examples/mpi_heat: a 1-D diffusion-reaction split over the
 * ranks of a communicator. */
#ifndef HEAT_H
#define HEAT_H

#include <mpi.h>

/* The K of the time loop's binomial(K): at most HEAT_SNAPS snapshots. */
#define HEAT_SNAPS 8
/* The reaction rate of u_t = kappa u_xx + HEAT_RATE u (1 - u). */
#define HEAT_RATE 0.01

/* The misfit after `steps` steps from u0 (this rank's n cells), the halos
 * exchanged with MPI_Sendrecv, or with nonblocking calls when nonblocking
 * is not 0. */
double heat_misfit(const double *u0, double kappa, const double *target, int n,
		   int steps, int nonblocking, MPI_Comm comm);

#endif
