// Nonblocking MPI calls that ckc refuses, each where it is: a test for
// completion (MPI_Test) of a function that posts requests on floating
// data, a receive into a global array (ckc follows receive buffers in the
// function's own variables), and double and float posts in one function.
// REQUIRES: mpi
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <mpi.h>

double g[4];

#pragma ck_adjoint wrt(x)
double f(double *x, MPI_Comm comm)
{
	MPI_Request rq[2];
	int done = 0;
	MPI_Irecv(&x[0], 1, MPI_DOUBLE, 0, 0, comm, &rq[0]);
	MPI_Isend(&x[1], 1, MPI_DOUBLE, 0, 0, comm, &rq[1]);
// CHECK: mpi-nonblocking.c:[[@LINE+1]]:2: error: ckc reverses MPI_Wait and MPI_Waitall of requests on floating data, not this call; wait for the requests of this function with them
	MPI_Test(&rq[0], &done, MPI_STATUS_IGNORE);
	MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
	return x[0] * x[1] + done;
}

#pragma ck_adjoint wrt(x)
double h(double *x, MPI_Comm comm)
{
	MPI_Request rq[2];
// CHECK-NEXT: mpi-nonblocking.c:[[@LINE+1]]:2: error: ckc follows the receive buffer of MPI_Irecv in a local or parameter array, pointer or scalar of floating type; receive into one
	MPI_Irecv(g, 4, MPI_DOUBLE, 0, 0, comm, &rq[0]);
	MPI_Isend(x, 4, MPI_DOUBLE, 0, 0, comm, &rq[1]);
	MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
	return x[0] * g[1];
}

#pragma ck_adjoint wrt(x)
double k(double *x, MPI_Comm comm)
{
	MPI_Request rq[2];
	float y[2] = {0, 0};
	MPI_Irecv(&x[0], 1, MPI_DOUBLE, 0, 0, comm, &rq[0]);
// CHECK-NEXT: mpi-nonblocking.c:[[@LINE+1]]:2: error: the nonblocking calls of a function are on one floating type for ckc; post double and float data from separate functions
	MPI_Isend(y, 2, MPI_FLOAT, 0, 0, comm, &rq[1]);
	MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
	return x[0] * y[1];
}
// CHECK-NOT: error
