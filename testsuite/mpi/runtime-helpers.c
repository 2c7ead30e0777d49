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
#include <stdio.h>
#include <string.h>

#include "ckrt_mpi.h"

/* Elements per buffer. */
#define N 3

static int rank, size;
static int fails; /* on this rank, in the current group */
static int failed_groups;

static void failure(const char *what, int k, double got, double want)
{
	fprintf(stderr, "FAIL rank %d of %d: %s[%d]: got %.17g want %.17g\n",
		rank, size, what, k, got, want);
	fails++;
}

static void is(const char *what, int cond)
{
	if (!cond) {
		fprintf(stderr, "FAIL rank %d of %d: %s\n", rank, size, what);
		fails++;
	}
}

/* Ends a group of checks: rank 0 says OK when no rank failed one. */
static void group(const char *family, const char *name)
{
	int all = 0;

	MPI_Allreduce(&fails, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
	if (rank == 0) {
		printf("%s %s %s\n", all ? "FAIL" : "OK", family, name);
		fflush(stdout);
	}
	failed_groups += all != 0;
	fails = 0;
}

/* The integer data: element k of rank r's buffer of scale s (10 for x,
 * 100 for x_d, ...) is s * (r + 1) + k + 1, so that buffers differ on rank
 * 0 as well. */
static double val(double s, int r, int k)
{
	return s * (r + 1) + k + 1;
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
#define CK_CAT_(a, b, c) a##b##c
#define CK_CAT(a, b, c) CK_CAT_(a, b, c)
#define CK(call, suffix) CK_CAT(ck_mpi_##call##_, S, suffix)
#define TF(name) CK_CAT(name##_, S, )

#define S dbl
#define T double
#define TM MPI_DOUBLE
#define T_NAME "double"
#include "Inputs/helpers-family.inc"
#undef S
#undef T
#undef TM
#undef T_NAME

#define S flt
#define T float
#define TM MPI_FLOAT
#define T_NAME "float"
#include "Inputs/helpers-family.inc"
#undef S
#undef T
#undef TM
#undef T_NAME

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
