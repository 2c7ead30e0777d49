/*
 * ckrt_mpi.c - libckrt_mpi: the MPI helpers of differentiated code.  What
 * each helper does, and why, is in ckrt_mpi.h.
 *
 * The double and float families are one text, ckrt_mpi_family.inc,
 * included below once per type; what does not depend on the type (the
 * error messages, the checks, the allocation) is here.
 *
 * Memory: every helper frees before it returns what it allocated (malloc,
 * no limits, no caches).
 */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ckrt_mpi.h"

/* Prints "ckc: <message>" to stderr and ends every rank of the job: a use
 * the derivatives cannot follow would otherwise give wrong numbers or hang
 * the ranks that wait for the messages. */
static void ckm_fail(const char *fmt, ...)
{
	va_list ap;

	fputs("ckc: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
	MPI_Abort(MPI_COMM_WORLD, 1);
	abort(); /* not reached: MPI_Abort does not return */
}

/* The datatype of a helper's buffer must be its family's: the helpers pack
 * and sum elements of type T themselves. */
static void ckm_check_type(const char *call, MPI_Datatype dt,
			   MPI_Datatype want, const char *type_name,
			   const char *want_name)
{
	if (dt == want)
		return;
	ckm_fail("%s: a %s buffer with a datatype other than %s; ckc "
		 "differentiates MPI calls on MPI_DOUBLE and MPI_FLOAT data "
		 "only",
		 call, type_name, want_name);
}

/* Derivative helpers: a sum is linear, so its tangent and adjoint are sums
 * and broadcasts; MPI_MAX, MPI_PROD, ... would need the operands. */
static void ckm_check_sum(const char *call, MPI_Op op)
{
	if (op != MPI_SUM)
		ckm_fail("%s: the derivative of an MPI_Op other than MPI_SUM "
			 "is not supported yet",
			 call);
}

/* The adjoint of a receive sends back to where the message came from,
 * which it must know before the reverse sweep's matching send. */
static void ckm_check_reversible(const char *call, int src, int tag)
{
	if (src == MPI_ANY_SOURCE || tag == MPI_ANY_TAG)
		ckm_fail("the adjoint of %s from MPI_ANY_SOURCE (or with "
			 "MPI_ANY_TAG) is not supported yet; receive from a "
			 "given rank with a given tag",
			 call);
}

/* The _b helpers have no return value to pass an MPI error on (MPI's
 * default handler has aborted already unless the program chose
 * MPI_ERRORS_RETURN). */
static void ckm_ok(const char *call, int rc)
{
	char msg[MPI_MAX_ERROR_STRING];
	int len;

	if (rc == MPI_SUCCESS)
		return;
	if (MPI_Error_string(rc, msg, &len) != MPI_SUCCESS)
		snprintf(msg, sizeof msg, "error code %d", rc);
	ckm_fail("%s: MPI failed in the reverse sweep: %s", call, msg);
}

/*
 * A receive must have received exactly count elements (2 * count values
 * when per is 2: the elements, then their tangents or adjoint tangents):
 * the reverse sweep sends count adjoints back, and its partner expects
 * that many.  Receives from MPI_PROC_NULL receive nothing and change
 * nothing; the callers skip them.
 */
static void ckm_expect(const char *call, const MPI_Status *st, MPI_Datatype dt,
		       int count, int per)
{
	int got = 0;

	MPI_Get_count(st, dt, &got);
	if (got == per * count)
		return;
	if (per == 1)
		ckm_fail("%s received %d of its count of %d elements; a "
			 "differentiated receive must receive exactly its "
			 "count",
			 call, got, count);
	ckm_fail("%s received %d of its count of %d elements; a "
		 "differentiated receive must receive exactly its count (the "
		 "message held %d values, not the 2 x %d of elements and "
		 "derivatives a differentiated sender sends)",
		 call, got / 2, count, got, count);
}

/* The length of a message of count elements and their derivatives. */
static int ckm_twice(const char *call, int count)
{
	if (count < 0)
		ckm_fail("%s: a negative count, %d", call, count);
	if (count > INT_MAX / 2)
		ckm_fail("%s: a count of %d is too large: with their "
			 "derivatives the elements make a message of 2 x %d, "
			 "more than an int counts",
			 call, count, count);
	return 2 * count;
}

/* Scratch for n elements of size bytes; at least one, so that count 0 is
 * not a NULL that an MPI might take for a missing buffer. */
static void *ckm_alloc(const char *call, int n, size_t size)
{
	void *p;

	if (n < 0)
		ckm_fail("%s: a negative count, %d", call, n);
	if (n == 0)
		n = 1;
	if ((size_t)n > SIZE_MAX / size)
		ckm_fail("%s: out of memory (%d elements of scratch)", call,
			 n);
	p = malloc((size_t)n * size);
	if (!p)
		ckm_fail("%s: out of memory (%zu bytes of scratch)", call,
			 (size_t)n * size);
	return p;
}

/* Names of the families: FN(send, _d) is ck_mpi_send_dbl_d in the double
 * family, LOCAL(put) a static function of the family, ckm_put_dbl. */
#define CKM_CAT_(a, b, c) a##b##c
#define CKM_CAT(a, b, c) CKM_CAT_(a, b, c)
#define FN(call, suffix) CKM_CAT(ck_mpi_##call##_, S, suffix)
#define LOCAL(name) CKM_CAT(ckm_##name##_, S, )

#define S dbl
#define T double
#define T_MPI MPI_DOUBLE
#define T_NAME "double"
#define T_MPI_NAME "MPI_DOUBLE"
#include "ckrt_mpi_family.inc"
#undef S
#undef T
#undef T_MPI
#undef T_NAME
#undef T_MPI_NAME

#define S flt
#define T float
#define T_MPI MPI_FLOAT
#define T_NAME "float"
#define T_MPI_NAME "MPI_FLOAT"
#include "ckrt_mpi_family.inc"
#undef S
#undef T
#undef T_MPI
#undef T_NAME
#undef T_MPI_NAME
