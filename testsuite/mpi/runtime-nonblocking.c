// REQUIRES: mpi
/* libckrt_mpi's nonblocking helpers driven by hand as ckc's code drives
 * them, on 1, 2 and 4 ranks, both families: a halo exchange (MPI_Irecv
 * from both neighbours, MPI_Isend to both, MPI_PROC_NULL past the ends)
 * completed by one MPI_Waitall that also holds requests of int data and an
 * MPI_REQUEST_NULL, which the helpers leave alone; and one completed by
 * separate MPI_Waits in an order other than the posts', two arrays with a
 * base each.  Each in four modes: untaped primal, tangent (values and
 * tangents arrive, the statuses count the user's elements), taped forward
 * and reverse (_t then _b: a received cell's adjoint is added to the
 * sender's cell, the receiver's zeroed), and the tangent of that (_t_d
 * then _b_d).  The helpers keep no request once every one is waited (and
 * reversed): ck_mpi_pending() is 0 after each, and ck_mpi_reset() forgets
 * what is left.  Integers stored in T are exact, so every expected value
 * is.  Rank 0 prints one OK line per group when every rank passed it. */
// RUN: %mpicc %s %ckrt-mpi -o %t.exe
// RUN: %mpirun 1 %t.exe | FileCheck %s
// RUN: %mpirun 2 %t.exe | FileCheck %s
// RUN: %mpirun 4 %t.exe | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: OK every wait helper links
// CHECK-NEXT: OK reset forgets every request
// CHECK-NEXT: OK double waitall: primal
// CHECK-NEXT: OK double waitall: tangent
// CHECK-NEXT: OK double waitall: adjoint
// CHECK-NEXT: OK double waitall: second order
// CHECK-NEXT: OK double waits out of order: primal
// CHECK-NEXT: OK double waits out of order: tangent
// CHECK-NEXT: OK double waits out of order: adjoint
// CHECK-NEXT: OK double waits out of order: second order
// CHECK-NEXT: OK float waitall: primal
// CHECK-NEXT: OK float waitall: tangent
// CHECK-NEXT: OK float waitall: adjoint
// CHECK-NEXT: OK float waitall: second order
// CHECK-NEXT: OK float waits out of order: primal
// CHECK-NEXT: OK float waits out of order: tangent
// CHECK-NEXT: OK float waits out of order: adjoint
// CHECK-NEXT: OK float waits out of order: second order
// CHECK-NEXT: all checks passed on {{[124]}} ranks
#include <string.h>

#include "Inputs/runtime-check.h"

/* A rank's array: H ghost cells, N own cells, H ghost cells; it sends its
 * first H own cells left and its last H right. */
#define H 2
#define N 4
#define L (N + 2 * H)

/* The function number the helpers get, as ckc's code passes its own. */
#define FID 3

/* The modes of a run: untaped primal (no suffix), tangent (_d), adjoint
 * (_t forward, _b reverse) and second order (_t_d, _b_d). */
enum { PRIMAL, TANGENT, ADJOINT, SECOND };

static const char *const mode_names[] = { "primal", "tangent", "adjoint",
					  "second order" };

static int left, right;

/* Ends a group of checks: "OK <family> <name>: <mode>". */
static void group(const char *family, const char *name, int mode)
{
	char label[160];

	snprintf(label, sizeof label, "%s %s: %s", family, name,
		 mode_names[mode]);
	group_end(label);
}


/*
 * w = this rank's array of scale s after the exchange: with lo, the low
 * ghosts hold the left neighbour's last H own cells; with hi, the high
 * ghosts the right neighbour's first H.
 */
static void want_halo(double *w, double s, int lo, int hi)
{
	for (int k = 0; k < L; k++)
		w[k] = val(s, rank, k);
	for (int j = 0; j < H; j++) {
		if (lo && left != MPI_PROC_NULL)
			w[j] = val(s, left, N + j);
		if (hi && right != MPI_PROC_NULL)
			w[H + N + j] = val(s, right, H + j);
	}
}

/*
 * w = the adjoint of scale s after the reverse of that exchange: a
 * received ghost's adjoint is 0, and went to the cell that sent it (the
 * last own cells to the right neighbour's low ghosts with lo, the first
 * to the left one's high ghosts with hi).  MPI_PROC_NULL: unchanged.
 */
static void want_adjoint(double *w, double s, int lo, int hi)
{
	for (int k = 0; k < L; k++)
		w[k] = val(s, rank, k);
	for (int j = 0; j < H; j++) {
		if (lo && left != MPI_PROC_NULL)
			w[j] = 0;
		if (lo && right != MPI_PROC_NULL)
			w[N + j] += val(s, right, j);
		if (hi && right != MPI_PROC_NULL)
			w[H + N + j] = 0;
		if (hi && left != MPI_PROC_NULL)
			w[H + j] += val(s, left, H + N + j);
	}
}

/* A status of a receive from src with tag and count elements of dt, or
 * from MPI_PROC_NULL. */
static void status(const char *what, const MPI_Status *st, MPI_Datatype dt,
		   int src, int tag, int count)
{
	int c = -1;

	MPI_Get_count(st, dt, &c);
	if (src == MPI_PROC_NULL)
		is(what, st->MPI_SOURCE == MPI_PROC_NULL && c == 0);
	else
		is(what, st->MPI_SOURCE == src && st->MPI_TAG == tag &&
				 c == count);
}

/* Every wait helper of both families, K = 0 to 4, links. */
#define NAMES(S, K)                                                           \
	(void (*)(void))ck_mpi_wait_##S##K,                                   \
		(void (*)(void))ck_mpi_wait_##S##K##_t,                       \
		(void (*)(void))ck_mpi_wait_##S##K##_d,                       \
		(void (*)(void))ck_mpi_wait_##S##K##_t_d,                     \
		(void (*)(void))ck_mpi_wait_##S##K##_b,                       \
		(void (*)(void))ck_mpi_wait_##S##K##_b_d,                     \
		(void (*)(void))ck_mpi_waitall_##S##K,                        \
		(void (*)(void))ck_mpi_waitall_##S##K##_t,                    \
		(void (*)(void))ck_mpi_waitall_##S##K##_d,                    \
		(void (*)(void))ck_mpi_waitall_##S##K##_t_d,                  \
		(void (*)(void))ck_mpi_waitall_##S##K##_b,                    \
		(void (*)(void))ck_mpi_waitall_##S##K##_b_d,
#define FAMILY(S) NAMES(S, 0) NAMES(S, 1) NAMES(S, 2) NAMES(S, 3) NAMES(S, 4)

static void (*const wait_helpers[])(void) = { FAMILY(dbl) FAMILY(flt) };

static void test_names(void)
{
	size_t n = sizeof wait_helpers / sizeof wait_helpers[0];

	is("120 wait helpers", n == 120);
	for (size_t i = 0; i < n; i++)
		is("a wait helper", wait_helpers[i] != NULL);
	if (rank == 0 && !fails)
		printf("OK every wait helper links\n");
	failed_groups += fails != 0;
	fails = 0;
}

/* ck_mpi_reset() forgets requests pending, waited and kept for the
 * reverse sweep, and the helpers work on afterwards. */
static void test_reset(void)
{
	MPI_Comm w = MPI_COMM_WORLD;
	double x[1] = { 1 }, y[1] = { 2 }, xb[1] = { 3 };
	MPI_Request r[3];

	ck_mpi_irecv_dbl(y, 1, MPI_DOUBLE, MPI_PROC_NULL, 1, w, &r[0], 1, 0,
			 y);
	ck_mpi_isend_dbl_t(x, 1, MPI_DOUBLE, MPI_PROC_NULL, 1, w, &r[1], 1);
	ck_mpi_isend_dbl_t(x, 1, MPI_DOUBLE, MPI_PROC_NULL, 1, w, &r[2], 1);
	ck_mpi_wait_dbl0_t(&r[2], MPI_STATUS_IGNORE, 1);
	is("reset: three requests before", ck_mpi_pending() == 3);
	ck_mpi_reset();
	is("reset: none after", ck_mpi_pending() == 0);
	MPI_Waitall(2, r, MPI_STATUSES_IGNORE);

	ck_mpi_isend_dbl_t(x, 1, MPI_DOUBLE, MPI_PROC_NULL, 1, w, &r[0], 1);
	ck_mpi_wait_dbl0_t(&r[0], MPI_STATUS_IGNORE, 1);
	ck_mpi_wait_dbl0_b(1);
	ck_mpi_isend_dbl_b(xb, 1, MPI_DOUBLE, MPI_PROC_NULL, 1, w, 1);
	is("reset: MPI_PROC_NULL leaves x_b alone", xb[0] == 3);
	is("reset: the helpers work on", ck_mpi_pending() == 0);
	if (rank == 0 && !fails)
		printf("OK reset forgets every request\n");
	failed_groups += fails != 0;
	fails = 0;
}

/* The family tests, once per type. */
#define FAMILY_FILE "nonblocking-family.inc"
#include "Inputs/both-families.h"

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
	right = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;
	test_names();
	test_reset();
	test_family_dbl();
	test_family_flt();
	if (rank == 0 && !failed_groups)
		printf("all checks passed on %d ranks\n", size);
	MPI_Finalize();
	return failed_groups != 0;
}
