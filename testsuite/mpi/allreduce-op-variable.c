// MPI_Allreduce with its MPI_Op held in a variable (MPI_Op op = MPI_SUM):
// the reverse sweep gets the handle back from the tape as a pointer (Open
// MPI's MPI_Op is a pointer type); it was taped as a long, which gcc
// warned about and clang refused.  The runtime checks that it is MPI_SUM.
// f_b against the closed form on 1 and 2 ranks.
// REQUIRES: mpi
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %mpicc -DCK_TEST_MAIN -include %t.h %t.c %s %ckrt-mpi -o %t.exe
// RUN: %mpirun 1 %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %mpirun 2 %t.exe | FileCheck %s --check-prefix=OUT
#include <mpi.h>

#pragma ck_adjoint wrt(x)
double f(const double *x, MPI_Comm comm)
{
	MPI_Op op = MPI_SUM;
	double l = x[0] * x[0] + x[1], g;
	MPI_Allreduce(&l, &g, 1, MPI_DOUBLE, op, comm);
	return g * g;
}
// CHECK-LABEL: static void f_bwd(
// CHECK: = ({{[a-zA-Z_ ]+ \*?}})ck_pop_p(ck_t);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(int argc, char **argv)
{
	int rank, size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	double x[2] = { 0.5 + rank, -0.25 * rank }, xb[2] = { 0.0, 0.0 };
	double g = 0.0;
	for (int r = 0; r < size; r++)
		g += (0.5 + r) * (0.5 + r) - 0.25 * r;
	double y = f_b(x, xb, MPI_COMM_WORLD, rank == 0 ? 1.0 : 0.0);
	ck_close("primal", y, g * g, 1e-15);
	ck_close("x_b[0]", xb[0], 2.0 * g * 2.0 * x[0], 1e-14);
	ck_close("x_b[1]", xb[1], 2.0 * g, 1e-14);
	int bad = ck_done();
	MPI_Finalize();
	return bad;
}
#endif
// OUT-NOT: FAIL
// OUT: 3 checks, 0 failed
