// REQUIRES: mpi
/* libckrt_mpi's helpers called directly on 1, 2 and 4 ranks, both families
 * (double and float): the primal wrappers send and compute what the plain
 * calls do, bit for bit; the tangents carry the tangents along (one message
 * for point to point and broadcast, the status counting the user's
 * elements, MPI_ANY_SOURCE and MPI_ANY_TAG); the adjoints run the
 * transposed communication (increment what the call read, set what it
 * overwrote); the second-order helpers do the same to the adjoints'
 * tangents, with the adjoints' bits equal to _b's; NULL shadows read as
 * zeros and drop what arrives; MPI_PROC_NULL partners change nothing.
 * Integers stored in T are summed exactly, so every expected value is
 * exact.  Rank 0 prints one OK line per group when every rank passed it;
 * any failure is printed on stderr and makes every rank exit non-zero. */
// RUN: %mpicc %s %ckrt-mpi -o %t.exe
// RUN: %mpirun 1 %t.exe | FileCheck %s
// RUN: %mpirun 2 %t.exe | FileCheck %s
// RUN: %mpirun 4 %t.exe | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: OK double send/recv
// CHECK-NEXT: OK double sendrecv
// CHECK-NEXT: OK double bcast
// CHECK-NEXT: OK double reduce
// CHECK-NEXT: OK double allreduce
// CHECK-NEXT: OK double reduce in place
// CHECK-NEXT: OK double allreduce in place
// CHECK-NEXT: OK float send/recv
// CHECK-NEXT: OK float sendrecv
// CHECK-NEXT: OK float bcast
// CHECK-NEXT: OK float reduce
// CHECK-NEXT: OK float allreduce
// CHECK-NEXT: OK float reduce in place
// CHECK-NEXT: OK float allreduce in place
// CHECK-NEXT: all checks passed on {{[124]}} ranks
#include <string.h>

#include "Inputs/runtime-check.h"

/* Elements per buffer. */
#define N 3


/* Ends a group of checks: "OK <family> <name>". */
static void group(const char *family, const char *name)
{
	char label[128];

	snprintf(label, sizeof label, "%s %s", family, name);
	group_end(label);
}


/* sum over ranks of val(s, r, k) */
static double val_sum(double s, int k)
{
	return s * (size * (size + 1) / 2) + size * (k + 1.0);
}

/* w[k] = val(s, r, k), or none when r is MPI_PROC_NULL (nothing came). */
static void want_from(double *w, double s, int r, double none)
{
	for (int k = 0; k < N; k++)
		w[k] = r == MPI_PROC_NULL ? none : val(s, r, k);
}

/* The rank point-to-point tests pair with: 0-1, 2-3, ...; MPI_PROC_NULL for
 * the last of an odd number. */
static int partner(void)
{
	int p = rank ^ 1;

	return p < size ? p : MPI_PROC_NULL;
}

/* The family tests, once per type. */
#define FAMILY_FILE "helpers-family.inc"
#include "Inputs/both-families.h"

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	test_family_dbl();
	test_family_flt();
	if (rank == 0 && !failed_groups)
		printf("all checks passed on %d ranks\n", size);
	MPI_Finalize();
	return failed_groups != 0;
}
