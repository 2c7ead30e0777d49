// Blocking point to point on active data: every rank sends its partial sum
// to the next rank of a ring with MPI_Send and receives the previous
// rank's with MPI_Recv, even ranks sending first and odd ranks receiving
// first (on one rank, to itself); a status is filled.  The tangent sends
// the tangent in the same message; the adjoint of the receive sends the
// adjoint back to the sender, which the adjoint of its send receives and
// adds.  On 1, 2 and 4 ranks: against differences, the tangent and for
// symmetry (the ring's function depends on the number of ranks).
// REQUIRES: mpi
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %mpicc -DCK_TEST_MAIN -include %t.h %t.c %s %ckrt-mpi -o %t.exe
// RUN: %mpirun 1 %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %mpirun 2 %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %mpirun 4 %t.exe | FileCheck %s --check-prefix=OUT
#include <math.h>
#include <mpi.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double ring(const double *x, int n, MPI_Comm comm)
{
	double s = 0, got = 0, mine, all = 0;
	int rank, size, next, prev, i, count = 0;
	MPI_Status st;

	MPI_Comm_rank(comm, &rank);
	MPI_Comm_size(comm, &size);
	next = (rank + 1) % size;
	prev = (rank + size - 1) % size;
	for (i = 0; i < n; i++)
		s += x[i] * x[i] + 0.5 * x[i];
	if (rank % 2 == 0) {
		MPI_Send(&s, 1, MPI_DOUBLE, next, 7, comm);
		MPI_Recv(&got, 1, MPI_DOUBLE, prev, 7, comm, &st);
	} else {
		MPI_Recv(&got, 1, MPI_DOUBLE, prev, 7, comm, &st);
		MPI_Send(&s, 1, MPI_DOUBLE, next, 7, comm);
	}
	MPI_Get_count(&st, MPI_DOUBLE, &count);
	mine = count * sin(got) * s;
	MPI_Allreduce(&mine, &all, 1, MPI_DOUBLE, MPI_SUM, comm);
	return all;
}
// CHECK-LABEL: {{^}}double ring_d(
// CHECK: ck_mpi_send_dbl_d(&s, &s_d, 1, {{.*}}, next, 7, comm);
// CHECK-NEXT: ck_mpi_recv_dbl_d(&got, &got_d, 1, {{.*}}, prev, 7, comm, &st);
// CHECK-LABEL: {{^}}static void ring_bwd(
// CHECK: if (ck_pop_b(ck_t)) {
// CHECK: ck_mpi_recv_dbl_b(&got_b, 1, {{.*}}, prev, 7, comm);
// CHECK: ck_mpi_send_dbl_b(&s_b, 1, {{.*}}, next, 7, comm);
// CHECK: } else {
// CHECK: ck_mpi_send_dbl_b(&s_b, 1, {{.*}}, next, 7, comm);
// CHECK: ck_mpi_recv_dbl_b(&got_b, 1, {{.*}}, prev, 7, comm);

// OUT-NOT: FAIL
// OUT: ok: ring: f_b gradient vs differences
// OUT: ok: ring: dot product grad . d = f_d (direction 2)
// OUT: ok: ring: f_b_d: symmetry
// OUT: {{[0-9]+}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "mpicheck.h"

#define N 8

MC_WRAPPERS_0(kf, ring)

int main(int argc, char **argv)
{
	double v[N];
	int status;

	mc_init(&argc, &argv);
	for (int i = 0; i < N; i++)
		v[i] = 0.2 + 0.1 * i;
	status = mc_check_scalar("ring", kf_f, kf_d, kf_b, kf_b_d, v, N, 0, 0);
	MPI_Finalize();
	return status;
}
#endif
