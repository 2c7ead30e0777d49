/*
 * runtime-check.h - what the runtime tests of testsuite/mpi share: the
 * rank, the failure counts of a group of checks, and the integer data.
 * A check that fails prints on stderr (every rank checks); a group ends
 * with group_end, where rank 0 prints one line, OK when no rank failed.
 * Then, for the families of the helpers, CK(call, suffix) names the
 * family's helper (ck_mpi_<call>_<S><suffix>) and TF(name) a test
 * function of the family; both-families.h includes a test's family file
 * once per family.
 */
#include <stdio.h>

#include "ckrt_mpi.h"

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

/* Ends a group of checks: rank 0 prints "OK <label>" when no rank failed
 * one, else "FAIL <label>". */
static void group_end(const char *label)
{
	int all = 0;

	MPI_Allreduce(&fails, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
	if (rank == 0) {
		printf("%s %s\n", all ? "FAIL" : "OK", label);
		fflush(stdout);
	}
	failed_groups += all != 0;
	fails = 0;
}

/* Element k of rank r's buffer of scale s (10 for x, 100 for x_d, ...):
 * s * (r + 1) + k + 1, so that buffers differ on rank 0 as well. */
static double val(double s, int r, int k)
{
	return s * (r + 1) + k + 1;
}

#define CK_CAT_(a, b, c) a##b##c
#define CK_CAT(a, b, c) CK_CAT_(a, b, c)
#define CK(call, suffix) CK_CAT(ck_mpi_##call##_, S, suffix)
#define TF(name) CK_CAT(name##_, S, )
