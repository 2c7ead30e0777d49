// REQUIRES: mpi
/* A helper whose buffer's datatype is not its family's (MPI_DOUBLE for
 * ck_mpi_*_dbl*, MPI_FLOAT for ck_mpi_*_flt*) aborts every rank with a
 * message naming the MPI call, before any communication: the helpers pack
 * and sum elements of their own type.  Checked for a primal, an adjoint
 * (which returns nothing) and the second datatype of a sendrecv. */
// RUN: %mpicc %s %ckrt-mpi -o %t.exe
// RUN: not %mpirun 1 %t.exe send 2>&1 | FileCheck %s --check-prefix=SEND
// RUN: not %mpirun 2 %t.exe allreduce_b 2>&1 | FileCheck %s --check-prefix=ALLREDUCE
// RUN: not %mpirun 2 %t.exe sendrecv_d 2>&1 | FileCheck %s --check-prefix=SENDRECV
// SEND: ckc: MPI_Send: a double buffer with a datatype other than MPI_DOUBLE; ckc differentiates MPI calls on MPI_DOUBLE and MPI_FLOAT data only
// SEND-NOT: not reached
// ALLREDUCE: ckc: MPI_Allreduce: a float buffer with a datatype other than MPI_FLOAT; ckc differentiates MPI calls on MPI_DOUBLE and MPI_FLOAT data only
// ALLREDUCE-NOT: not reached
// SENDRECV: ckc: MPI_Sendrecv: a double buffer with a datatype other than MPI_DOUBLE; ckc differentiates MPI calls on MPI_DOUBLE and MPI_FLOAT data only
// SENDRECV-NOT: not reached
#include <stdio.h>
#include <string.h>

#include "ckrt_mpi.h"

int main(int argc, char **argv)
{
	double x[2] = { 1, 2 }, y[2], yd[2];
	float f[2] = { 1, 2 }, g[2] = { 0, 0 };
	const char *which = argc > 1 ? argv[1] : "";
	int rank, size;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (strcmp(which, "send") == 0)
		ck_mpi_send_dbl(x, 2, MPI_INT, 0, 1, MPI_COMM_WORLD);
	else if (strcmp(which, "allreduce_b") == 0)
		ck_mpi_allreduce_flt_b(f, g, 2, MPI_DOUBLE, MPI_SUM,
				       MPI_COMM_WORLD);
	else if (strcmp(which, "sendrecv_d") == 0)
		ck_mpi_sendrecv_dbl_d(x, NULL, 2, MPI_DOUBLE,
				      (rank + 1) % size, 1, y, yd, 2,
				      MPI_FLOAT, (rank + size - 1) % size, 1,
				      MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	printf("not reached\n");
	MPI_Finalize();
	return 0;
}
