/* Rank r holds x = (r + 1, r + 2): the sum of cubes over the ranks, and its
 * gradient 3 x^2, seeded on rank 0 only (DESIGN section 5). */
#include <stdio.h>
#include <mpi.h>

#include "kernel_grad.h"

double cubes(const double *x, int n, MPI_Comm comm);

int main(int argc, char **argv)
{
	double x[2], xb[2] = {0.0, 0.0}, f, fb;
	int rank, size, ok, all;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	x[0] = rank + 1;
	x[1] = rank + 2;
	f = cubes(x, 2, MPI_COMM_WORLD);
	fb = cubes_b(x, xb, 2, MPI_COMM_WORLD, rank == 0 ? 1.0 : 0.0);
	ok = f == fb && xb[0] == 3 * x[0] * x[0] && xb[1] == 3 * x[1] * x[1];
	MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
	if (rank == 0)
		printf("cubes on %d ranks = %.1f\n%s\n", size, f,
		       all ? "ok: the gradient is 3 x^2 on every rank"
			   : "FAIL");
	MPI_Finalize();
	return !all;
}
