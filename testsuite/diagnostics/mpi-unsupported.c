// MPI calls in differentiated code that ckc refuses, each where it is: a
// call it has no derivative for that moves floating data (also when this
// rank's data is constant: another rank's may not be), a reduction by an
// operation other than MPI_SUM, MPI_MAX and MPI_MIN, an in-place one by
// MPI_MAX, and a call that mixes double and float buffers.  Calls on integer data and MPI_Comm_rank pass.
// REQUIRES: mpi
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <mpi.h>

#pragma ck_adjoint wrt(x)
double f(const double *x, int n, MPI_Comm comm)
{
	double s = 0, t = 0, all[64], c[2] = {1, 2};
	float h = 0;
	int rank, m = n, mm = 0, i;

	MPI_Comm_rank(comm, &rank);
	MPI_Allreduce(&m, &mm, 1, MPI_INT, MPI_SUM, comm);
	for (i = 0; i < n; i++)
		s += x[i] * x[i];
// CHECK: mpi-unsupported.c:[[@LINE+1]]:2: error: ckc cannot differentiate 'MPI_Allgather', which moves floating-point data between ranks; it differentiates MPI_Send, MPI_Recv, MPI_Sendrecv, MPI_Isend, MPI_Irecv, MPI_Wait, MPI_Waitall, MPI_Bcast, MPI_Reduce and MPI_Allreduce (MPI_SUM, MPI_MAX, MPI_MIN) on MPI_DOUBLE and MPI_FLOAT data
	MPI_Allgather(&s, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, comm);
// CHECK-NEXT: mpi-unsupported.c:[[@LINE+1]]:2: error: ckc cannot differentiate 'MPI_Gather', which
	MPI_Gather(c, 2, MPI_DOUBLE, all, 2, MPI_DOUBLE, 0, comm);
// CHECK-NEXT: mpi-unsupported.c:[[@LINE+1]]:39: error: the derivative of 'MPI_Allreduce' with this MPI_Op is not supported; ckc differentiates reductions by MPI_SUM, MPI_MAX and MPI_MIN
	MPI_Allreduce(&s, &t, 1, MPI_DOUBLE, MPI_PROD, comm);
// CHECK-NEXT: mpi-unsupported.c:[[@LINE+1]]:49: error: the derivative of an in-place 'MPI_Allreduce' by MPI_MAX or MPI_MIN is not supported yet; reduce into a separate buffer
	MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, comm);
// CHECK-NEXT: mpi-unsupported.c:[[@LINE+1]]:2: error: 'MPI_Sendrecv' here mixes double and float data (or passes floating data where MPI expects none); ckc differentiates it on one floating type, MPI_DOUBLE or MPI_FLOAT
	MPI_Sendrecv(&t, 1, MPI_DOUBLE, 0, 0, &h, 1, MPI_FLOAT, 0, 0, comm,
		     MPI_STATUS_IGNORE);
// CHECK-NOT: error
	return t + h + all[0] + mm + rank;
}
