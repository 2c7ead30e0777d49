// Collectives on active data: the root's parameters broadcast with
// MPI_Bcast, partial sums reduced to the root with MPI_Reduce (a null
// receive buffer off the root; MPI_IN_PLACE on the root in the second
// variant) and broadcast back, and MPI_Allreduce with MPI_IN_PLACE.  The
// ranks take different branches around MPI_Reduce, each calling it.  The
// adjoint of MPI_Bcast reduces to the root, that of MPI_Reduce broadcasts
// from it, that of MPI_Allreduce is an MPI_Allreduce.  On 1, 2 and 4
// ranks: against differences, the tangent and for symmetry, and equal to
// the function's on one process over all of x.
// REQUIRES: mpi
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %mpicc -DCK_TEST_MAIN -include %t.h %t.c %s %ckrt-mpi -o %t.exe
// RUN: %mpirun 1 %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %mpirun 2 %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %mpirun 4 %t.exe | FileCheck %s --check-prefix=OUT
#include <math.h>
#include <mpi.h>

#pragma ck_tangent wrt(x, a)
#pragma ck_adjoint wrt(x, a)
#pragma ck_hvp wrt(x, a)
double coll(const double *x, double a, int n, int in_place, MPI_Comm comm)
{
	double p[2], q[2], tot[2] = {0, 0}, b = 0, s = 0, c = 0, r = 0;
	int rank, i;

	MPI_Comm_rank(comm, &rank);
	if (rank == 0) {
		p[0] = a;
		p[1] = sin(a);
	} else {
		p[0] = 0;
		p[1] = 0;
	}
	MPI_Bcast(p, 2, MPI_DOUBLE, 0, comm);
	for (i = 0; i < n; i++) {
		s += p[0] * x[i] * x[i] + p[1] * x[i];
		c += sin(x[i]);
		r += x[i] * x[i] * x[i];
	}
	q[0] = s;
	q[1] = c;
	if (rank == 0 && in_place)
		MPI_Reduce(MPI_IN_PLACE, q, 2, MPI_DOUBLE, MPI_SUM, 0, comm);
	else if (rank == 0)
		MPI_Reduce(q, tot, 2, MPI_DOUBLE, MPI_SUM, 0, comm);
	else
		MPI_Reduce(q, NULL, 2, MPI_DOUBLE, MPI_SUM, 0, comm);
	if (rank == 0 && in_place)
		b = q[0] * q[1];
	else if (rank == 0)
		b = tot[0] * tot[1];
	MPI_Bcast(&b, 1, MPI_DOUBLE, 0, comm);
	MPI_Allreduce(MPI_IN_PLACE, &r, 1, MPI_DOUBLE, MPI_SUM, comm);
	return b + cos(r);
}
// CHECK-LABEL: {{^}}static void coll_bwd(
// CHECK: ck_mpi_allreduce_inplace_dbl_b(&r_b, 1,
// CHECK: ck_mpi_bcast_dbl_b(&b_b, 1,
// CHECK: ck_mpi_reduce_inplace_dbl_b(q_b, 2,
// CHECK: ck_mpi_reduce_dbl_b(q_b, tot_b, 2,
// CHECK: ck_mpi_reduce_dbl_b(q_b, (double *)0, 2,
// CHECK: ck_mpi_bcast_dbl_b(p_b, 2,

// OUT-NOT: FAIL
// OUT: ok: coll: f_b gradient vs differences
// OUT: ok: coll: f_b_d: symmetry
// OUT: ok: gradient on P ranks = on one[12]
// OUT: {{[0-9]+}} checks, 0 failed
// OUT-NOT: FAIL
// OUT: ok: coll in place: f_b gradient vs differences
// OUT: ok: coll in place: f_b_d: symmetry
// OUT: ok: H.v on P ranks = on one[12]
// OUT: {{[0-9]+}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "mpicheck.h"

#define N 12
static int in_place;

MC_WRAPPERS_K(kf, coll, N, in_place)

int main(int argc, char **argv)
{
	double v[N + 1];
	int status;

	mc_init(&argc, &argv);
	for (int i = 0; i < N; i++)
		v[i] = 0.3 + 0.2 * cos(1.3 * i);
	v[N] = 0.4;
	status = mc_check_scalar("coll", kf_f, kf_d, kf_b, kf_b_d, v, N, 1, 1);
	in_place = 1;
	status |= mc_check_scalar("coll in place", kf_f, kf_d, kf_b, kf_b_d, v, N,
				  1, 1);
	MPI_Finalize();
	return status;
}
#endif
