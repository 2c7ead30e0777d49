// Reductions by MPI_MAX and MPI_MIN on active data: the result is one
// rank's operand, the winner's (the lowest rank holding the largest or
// smallest value, MPI_MAXLOC's tie rule).  The tangent is the winner's
// tangent; the adjoint of the result goes to the winner's operand, which
// the adjoint finds again from the operands as the call saw them.  A
// max-norm by MPI_Allreduce(MPI_MAX) and a per-element minimum reduced to
// the root by MPI_Reduce(MPI_MIN) and broadcast; on 1, 2 and 4 ranks:
// against differences (at a point without ties), the tangent, for
// symmetry, and equal to one process's.
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
double peaks(const double *x, int n, MPI_Comm comm)
{
	double big = 0, top = 0, lo[2], mn[2] = {0, 0};
	int rank, i;

	MPI_Comm_rank(comm, &rank);
	lo[0] = 1e30;
	lo[1] = 1e30;
	for (i = 0; i < n; i++) {
		if (fabs(x[i]) > big)
			big = fabs(x[i]);
		if (x[i] * x[i] < lo[i % 2])
			lo[i % 2] = x[i] * x[i];
	}
	MPI_Allreduce(&big, &top, 1, MPI_DOUBLE, MPI_MAX, comm);
	MPI_Reduce(lo, mn, 2, MPI_DOUBLE, MPI_MIN, 0, comm);
	MPI_Bcast(mn, 2, MPI_DOUBLE, 0, comm);
	return top * top + sin(mn[0]) * mn[1];
}
// CHECK-LABEL: {{^}}double peaks_d(
// CHECK: ck_mpi_allreduce_minmax_dbl_d(&big, &big_d, &top, &top_d, 1,
// CHECK: ck_mpi_reduce_minmax_dbl_d(lo, lo_d, mn, mn_d, 2,
// CHECK-LABEL: {{^}}static void peaks_bwd({{.*}}){{$}}
// CHECK: ck_mpi_reduce_minmax_dbl_b({{.*}}, lo_b, mn_b, 2,
// CHECK: ck_mpi_allreduce_minmax_dbl_b(&{{.*}}, &big_b, &top_b, 1,
// CHECK-LABEL: {{^}}static void peaks_bwd_d({{.*}}){{$}}
// CHECK: ck_mpi_reduce_minmax_dbl_b_d({{.*}}, lo_b, lo_bd, mn_b, mn_bd, 2,

// OUT-NOT: FAIL
// OUT: ok: peaks: f_b gradient vs differences
// OUT: ok: peaks: f_b_d: symmetry
// OUT: ok: gradient on P ranks = on one[11]
// OUT: {{[0-9]+}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "mpicheck.h"

#define N 12

MC_WRAPPERS_0(kf, peaks)

int main(int argc, char **argv)
{
	double v[N];
	int status;

	mc_init(&argc, &argv);
	/* distinct magnitudes and squares: no ties within the stencil of
	 * the differences */
	for (int i = 0; i < N; i++)
		v[i] = (i % 3 == 1 ? -1 : 1) * (0.31 + 0.173 * ((i * 7) % N));
	status = mc_check_scalar("peaks", kf_f, kf_d, kf_b, kf_b_d, v, N, 0, 1);
	MPI_Finalize();
	return status;
}
#endif
