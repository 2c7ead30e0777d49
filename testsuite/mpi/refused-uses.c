// REQUIRES: mpi
/* What the helpers cannot differentiate aborts every rank with a message
 * instead of giving wrong derivatives or a hang: an MPI_Op other than
 * MPI_SUM in a derivative helper (the primal takes any), the adjoint of a
 * receive from MPI_ANY_SOURCE or with MPI_ANY_TAG, and a receive shorter
 * than its count (the reverse sweep sends count adjoints back), whether
 * the sender was a plain MPI_Send (tangent) or sent too few. */
// RUN: %mpicc %s %ckrt-mpi -o %t.exe
// RUN: %mpirun 1 %t.exe max | FileCheck %s --check-prefix=PRIMAL
// RUN: not %mpirun 1 %t.exe max_d 2>&1 | FileCheck %s --check-prefix=OP
// RUN: not %mpirun 2 %t.exe max_b 2>&1 | FileCheck %s --check-prefix=OP-B
// RUN: not %mpirun 2 %t.exe any_source 2>&1 | FileCheck %s --check-prefix=ANY
// RUN: not %mpirun 2 %t.exe any_tag 2>&1 | FileCheck %s --check-prefix=ANY-TAG
// RUN: not %mpirun 2 %t.exe short 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not %mpirun 2 %t.exe plain_to_d 2>&1 | FileCheck %s --check-prefix=PLAIN
// PRIMAL: max 3
// OP: ckc: MPI_Allreduce: the derivative of an MPI_Op other than MPI_SUM is not supported yet
// OP-NOT: not reached
// OP-B: ckc: MPI_Reduce: the derivative of an MPI_Op other than MPI_SUM is not supported yet
// OP-B-NOT: not reached
// ANY: ckc: the adjoint of MPI_Recv from MPI_ANY_SOURCE (or with MPI_ANY_TAG) is not supported yet; receive from a given rank with a given tag
// ANY-NOT: not reached
// ANY-TAG: ckc: the adjoint of MPI_Sendrecv from MPI_ANY_SOURCE (or with MPI_ANY_TAG) is not supported yet; receive from a given rank with a given tag
// ANY-TAG-NOT: not reached
// SHORT: ckc: MPI_Recv received 2 of its count of 3 elements; a differentiated receive must receive exactly its count
// SHORT-NOT: not reached
// PLAIN: ckc: MPI_Recv received 1 of its count of 3 elements; a differentiated receive must receive exactly its count (the message held 3 values, not the 2 x 3 of elements and derivatives a differentiated sender sends)
// PLAIN-NOT: not reached
#include <stdio.h>
#include <string.h>

#include "ckrt_mpi.h"

int main(int argc, char **argv)
{
	double x[3] = { 1, 2, 3 }, y[3], xb[3] = { 0, 0, 0 };
	const char *which = argc > 1 ? argv[1] : "";
	MPI_Comm w = MPI_COMM_WORLD;
	int rank;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(w, &rank);
	if (strcmp(which, "max") == 0) {
		ck_mpi_allreduce_dbl(x, y, 3, MPI_DOUBLE, MPI_MAX, w);
		printf("max %g\n", y[2]);
		MPI_Finalize();
		return 0;
	}
	if (strcmp(which, "max_d") == 0)
		ck_mpi_allreduce_dbl_d(x, NULL, y, NULL, 3, MPI_DOUBLE, MPI_MAX,
				       w);
	else if (strcmp(which, "max_b") == 0)
		ck_mpi_reduce_dbl_b(xb, NULL, 3, MPI_DOUBLE, MPI_MAX, 0, w);
	else if (strcmp(which, "any_source") == 0)
		ck_mpi_recv_dbl_b(xb, 3, MPI_DOUBLE, MPI_ANY_SOURCE, 1, w);
	else if (strcmp(which, "any_tag") == 0)
		ck_mpi_sendrecv_dbl_b(xb, 3, MPI_DOUBLE, 1 - rank, 1, y, 3,
				      MPI_DOUBLE, 1 - rank, MPI_ANY_TAG, w);
	else if (strcmp(which, "short") == 0) {
		/* rank 0 sends 2 elements where rank 1 receives 3 */
		if (rank == 0)
			MPI_Send(x, 2, MPI_DOUBLE, 1, 1, w);
		else
			ck_mpi_recv_dbl(y, 3, MPI_DOUBLE, 0, 1, w,
					MPI_STATUS_IGNORE);
	} else if (strcmp(which, "plain_to_d") == 0) {
		/* an undifferentiated sender: 3 values, not 3 and 3 tangents */
		if (rank == 0)
			MPI_Send(x, 3, MPI_DOUBLE, 1, 1, w);
		else
			ck_mpi_recv_dbl_d(y, NULL, 3, MPI_DOUBLE, 0, 1, w,
					  MPI_STATUS_IGNORE);
	}
	/* rank 0 of "short" and "plain_to_d" gets here, and waits in
	 * MPI_Finalize until rank 1's abort ends it */
	if (rank == 1 || (strcmp(which, "short") && strcmp(which, "plain_to_d")))
		printf("not reached\n");
	MPI_Finalize();
	return 0;
}
