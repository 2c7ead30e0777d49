/* The sum over all ranks of x[i]^3 for this rank's x[0, n). */
#include <mpi.h>

#pragma ck_adjoint wrt(x)
double cubes(const double *x, int n, MPI_Comm comm)
{
	double s = 0.0, all = 0.0;
	int i;
	for (i = 0; i < n; i++)
		s += x[i] * x[i] * x[i];
	MPI_Allreduce(&s, &all, 1, MPI_DOUBLE, MPI_SUM, comm);
	return all;
}
