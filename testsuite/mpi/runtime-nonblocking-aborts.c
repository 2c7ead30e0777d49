// REQUIRES: mpi
/* Misuses of the nonblocking helpers abort with a ckc: message instead of
 * giving wrong derivatives or a hang, each before it waits for anything.
 * Run as a singleton (no mpirun), sending to itself: the reverse of a wait
 * with nothing left to reverse, a wait for a request another function
 * posted, the reverse of a post whose request no wait completed, a reverse
 * sweep that does not match the forward's, a taped receive from
 * MPI_ANY_SOURCE, a receive shorter than its count, a taped wait that
 * completes a receive before an earlier one from the same rank with the
 * same tag, and a reverse whose receive buffer is not among its bases. */
// RUN: %mpicc %s %ckrt-mpi -o %t.exe
// RUN: not %t.exe empty 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %t.exe fid 2>&1 | FileCheck %s --check-prefix=FID
// RUN: not %t.exe unwaited 2>&1 | FileCheck %s --check-prefix=UNWAITED
// RUN: not %t.exe mismatch 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not %t.exe any_source 2>&1 | FileCheck %s --check-prefix=ANY
// RUN: not %t.exe short 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not %t.exe order 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not %t.exe slot 2>&1 | FileCheck %s --check-prefix=SLOT
// EMPTY: ckc: the adjoint of MPI_Wait: the reverse sweep's MPI calls do not match the forward's (no MPI_Wait or MPI_Waitall of the forward sweep is left to reverse)
// EMPTY-NOT: not reached
// FID: ckc: MPI_Wait of a request that another function posted (function 2 waits for the MPI_Irecv of function 1); ckc needs the function that posts a request on floating data to wait for it
// FID-NOT: not reached
// UNWAITED: ckc: the adjoint of MPI_Isend: a request of MPI_Isend/MPI_Irecv on floating data was not completed by MPI_Wait or MPI_Waitall
// UNWAITED-NOT: not reached
// MISMATCH: ckc: the adjoint of MPI_Isend: the reverse sweep's MPI calls do not match the forward's (it reverses an MPI_Isend of 3 double elements to rank 0 with tag 2 in function 1, the forward's last was an MPI_Isend of 3 double elements to rank 0 with tag 1 in function 1)
// MISMATCH-NOT: not reached
// ANY: ckc: the adjoint of MPI_Irecv from MPI_ANY_SOURCE (or with MPI_ANY_TAG) is not supported yet; receive from a given rank with a given tag
// ANY-NOT: not reached
// SHORT: ckc: MPI_Irecv received 2 of its count of 3 elements; a differentiated receive must receive exactly its count
// SHORT-NOT: not reached
// ORDER: ckc: MPI_Wait completes an MPI_Irecv of 3 double elements from rank 0 with tag 1 in function 1 before an earlier MPI_Irecv from rank 0 with the same tag and communicator; the reverse sweep would pair their adjoints wrongly: complete them in the order they were posted, or in one MPI_Waitall
// ORDER-NOT: not reached
// SLOT: ckc: the adjoint of MPI_Waitall: no adjoint for the buffer of an MPI_Irecv it completed (base 1 of 1); an internal error of ckc
// SLOT-NOT: not reached
#include <stdio.h>
#include <string.h>

#include "ckrt_mpi.h"

int main(int argc, char **argv)
{
	double x[3] = { 1, 2, 3 }, y[3], z[3], xb[3] = { 0, 0, 0 };
	const char *which = argc > 1 ? argv[1] : "";
	MPI_Comm w = MPI_COMM_WORLD;
	MPI_Request r[2];
	MPI_Datatype d = MPI_DOUBLE;

	MPI_Init(&argc, &argv);
	if (strcmp(which, "empty") == 0) {
		ck_mpi_wait_dbl0_b(1);
	} else if (strcmp(which, "fid") == 0) {
		/* function 1 posts, function 2 waits (nothing was sent) */
		ck_mpi_irecv_dbl(y, 3, d, 0, 1, w, &r[0], 1, 0, y);
		ck_mpi_wait_dbl1(&r[0], MPI_STATUS_IGNORE, 2, y);
	} else if (strcmp(which, "unwaited") == 0) {
		ck_mpi_isend_dbl_t(x, 3, d, MPI_PROC_NULL, 1, w, &r[0], 1);
		ck_mpi_isend_dbl_b(xb, 3, d, MPI_PROC_NULL, 1, w, 1);
	} else if (strcmp(which, "mismatch") == 0) {
		ck_mpi_irecv_dbl_t(y, 3, d, 0, 1, w, &r[0], 1, 0, y);
		ck_mpi_isend_dbl_t(x, 3, d, 0, 1, w, &r[1], 1);
		ck_mpi_waitall_dbl1_t(2, r, MPI_STATUSES_IGNORE, 1, y);
		ck_mpi_waitall_dbl1_b(2, 1, xb);
		ck_mpi_isend_dbl_b(xb, 3, d, 0, 2, w, 1);
	} else if (strcmp(which, "any_source") == 0) {
		ck_mpi_irecv_dbl_t(y, 3, d, MPI_ANY_SOURCE, 1, w, &r[0], 1, 0,
				   y);
	} else if (strcmp(which, "short") == 0) {
		MPI_Isend(x, 2, d, 0, 1, w, &r[1]);
		ck_mpi_irecv_dbl(y, 3, d, 0, 1, w, &r[0], 1, 0, y);
		ck_mpi_wait_dbl1(&r[0], MPI_STATUS_IGNORE, 1, y);
	} else if (strcmp(which, "order") == 0) {
		ck_mpi_irecv_dbl_t(y, 3, d, 0, 1, w, &r[0], 1, 0, y);
		ck_mpi_irecv_dbl_t(z, 3, d, 0, 1, w, &r[1], 1, 1, z);
		ck_mpi_wait_dbl2_t(&r[1], MPI_STATUS_IGNORE, 1, y, z);
	} else if (strcmp(which, "slot") == 0) {
		/* the receive names base 1; the reverse of its wait has one */
		ck_mpi_isend_dbl_t(x, 3, d, 0, 1, w, &r[0], 1);
		ck_mpi_irecv_dbl_t(y, 3, d, 0, 1, w, &r[1], 1, 1, y);
		ck_mpi_waitall_dbl2_t(2, r, MPI_STATUSES_IGNORE, 1, z, y);
		ck_mpi_waitall_dbl1_b(2, 1, xb);
	}
	printf("not reached\n");
	MPI_Finalize();
	return 0;
}
