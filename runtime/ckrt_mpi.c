/*
 * ckrt_mpi.c - libckrt_mpi: the MPI helpers of differentiated code.  What
 * each helper does, and why, is in ckrt_mpi.h.
 *
 * The double and float families are one text, ckrt_mpi_family.inc,
 * included below once per type; what does not depend on the type (the
 * error messages, the checks, the allocation) is here.
 *
 * Memory: every blocking helper frees before it returns what it allocated
 * (malloc, no limits, no caches).  The nonblocking ones keep a record per
 * request (below) from its post to its wait, or to the reverse of its post
 * when taped.
 */
#include <limits.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ckrt_mpi.h"

/* Prints "ckc: <message>" to stderr and ends every rank of the job: a use
 * the derivatives cannot follow would otherwise give wrong numbers or hang
 * the ranks that wait for the messages.  The line is written at once, so
 * that mpirun's report of the abort cannot land inside it. */
static void ckm_fail(const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n;

	memcpy(line, "ckc: ", 5);
	va_start(ap, fmt);
	n = vsnprintf(line + 5, sizeof line - 6, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	n += 5;
	if (n > (int)sizeof line - 2)
		n = (int)sizeof line - 2;
	line[n] = '\n';
	line[n + 1] = '\0';
	fputs(line, stderr);
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

/* The helpers of MPI_MAX and MPI_MIN reductions (the compiler picks them
 * by the op it sees). */
static void ckm_check_minmax(const char *call, MPI_Op op)
{
	if (op != MPI_MAX && op != MPI_MIN)
		ckm_fail("%s: the derivative of a reduction by MPI_MAX or "
			 "MPI_MIN was called with another MPI_Op",
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

/* ----------------------------------------------------- nonblocking calls */

/*
 * The bookkeeping of MPI_Isend and MPI_Irecv on floating data: process-wide
 * and unsynchronized (ckrt_mpi.h: one thread).  A record per posted request
 * is on
 *
 *   pending  from its post to its wait, in the order of the posts; a wait
 *            finds it by the user's request handle;
 *   posted   (taped posts) a stack: the reverse of a post pops its record;
 *   waited   (taped waits) a stack of groups, one a wait (possibly empty),
 *            each the records it completed in the order of their posts:
 *            the reverse of a wait pops its group.
 *
 * A record of untaped code is freed at its wait, a taped one by the
 * reverse of its post.  Every record is on the alive list as well, for
 * ck_mpi_reset() and ck_mpi_pending().
 */
enum { CKM_SEND, CKM_RECV };

/* The modes of the forward helpers, a record's and a wait's. */
enum { CKM_TAPED = 1, CKM_TANGENT = 2 };

struct ckm_rec {
	int kind;        /* CKM_SEND, CKM_RECV */
	int mode;        /* CKM_TAPED | CKM_TANGENT of the post */
	size_t size;     /* bytes of an element */
	int count;       /* elements */
	MPI_Datatype dt; /* MPI_DOUBLE or MPI_FLOAT */
	int peer, tag;   /* dest or src, and tag, as posted */
	MPI_Comm comm;
	int fid;         /* the function that posted it */
	MPI_Request req; /* the user's request handle, as posted */
	int done;        /* complete when posted: MPI may give its handle to
			     other requests too */
	unsigned long long seq; /* the order of the posts */
	void *buf, *buf_d;      /* tangent receives: where the values and the
			      tangents go at the wait */
	void *scratch;          /* the tangent message; the adjoint's */
	int slot;               /* receives: the wait's base argument of buf */
	ptrdiff_t offset;       /*   and buf - base, in elements */
	MPI_Request adj;        /* the adjoint's request */
	int per;      /* 1 (_b) or 2 (_b_d): the adjoint's message holds
			     per * count elements */
	int waited;   /* completed by a taped wait */
	int reversed; /* its wait's reverse has posted the adjoint */
	struct ckm_rec *prev, *next;   /* pending */
	struct ckm_rec *aprev, *anext; /* alive */
};

/* A group of the waited stack. */
struct ckm_group {
	int n;       /* the wait's number of requests (1 for MPI_Wait) */
	int fid;     /* the waiting function */
	size_t recs; /* records: the top recs entries of ckm_waited */
};

static struct ckm_rec *ckm_pending_head, *ckm_pending_tail, *ckm_alive;
static size_t ckm_nalive;
static unsigned long long ckm_seq;
static struct ckm_rec **ckm_posted, **ckm_waited;
static size_t ckm_nposted, ckm_cposted, ckm_nwaited, ckm_cwaited;
static struct ckm_group *ckm_groups;
static size_t ckm_ngroups, ckm_cgroups;

/* p (of *cap elements of size bytes), with room for need. */
static void *ckm_grow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t cap2;

	if (need <= *cap)
		return p;
	cap2 = *cap ? *cap : 16;
	while (cap2 < need)
		cap2 *= 2;
	if (cap2 > SIZE_MAX / size || !(p = realloc(p, cap2 * size)))
		ckm_fail("MPI_Isend/MPI_Irecv: out of memory (%zu records)",
			 need);
	*cap = cap2;
	return p;
}

static const char *ckm_kind_name(int kind)
{
	return kind == CKM_SEND ? "MPI_Isend" : "MPI_Irecv";
}

static const char *ckm_mode_name(int mode)
{
	static const char *const names[] = { "primal", "taped", "tangent",
					     "taped tangent" };

	return names[mode & 3];
}

/* "an MPI_Isend of 3 double elements to rank 1 with tag 7 in function 2" */
static void ckm_describe(char *out, size_t n, int kind, MPI_Datatype dt,
			 int count, int peer, int tag, int fid)
{
	char who[32];

	if (peer == MPI_PROC_NULL)
		snprintf(who, sizeof who, "MPI_PROC_NULL");
	else
		snprintf(who, sizeof who, "rank %d", peer);
	snprintf(out, n,
		 "an %s of %d %s elements %s %s with tag %d in "
		 "function %d",
		 ckm_kind_name(kind), count,
		 dt == MPI_DOUBLE ? "double" : "float",
		 kind == CKM_SEND ? "to" : "from", who, tag, fid);
}

/* A record of a post about to be made (on no list but the alive one). */
static struct ckm_rec *ckm_rec_new(const char *call, int kind, int mode,
				   size_t size, int count, MPI_Datatype dt,
				   int peer, int tag, MPI_Comm comm, int fid)
{
	struct ckm_rec *r = ckm_alloc(call, 1, sizeof *r);

	memset(r, 0, sizeof *r);
	r->kind = kind;
	r->mode = mode;
	r->size = size;
	r->count = count;
	r->dt = dt;
	r->peer = peer;
	r->tag = tag;
	r->comm = comm;
	r->fid = fid;
	r->req = MPI_REQUEST_NULL;
	r->adj = MPI_REQUEST_NULL;
	r->anext = ckm_alive;
	if (ckm_alive)
		ckm_alive->aprev = r;
	ckm_alive = r;
	ckm_nalive++;
	return r;
}

static void ckm_rec_free(struct ckm_rec *r)
{
	if (r->aprev)
		r->aprev->anext = r->anext;
	else
		ckm_alive = r->anext;
	if (r->anext)
		r->anext->aprev = r->aprev;
	ckm_nalive--;
	free(r->scratch);
	free(r);
}

/* Inserts r into pending, in the order of the posts. */
static void ckm_pend(struct ckm_rec *r)
{
	struct ckm_rec *at = ckm_pending_tail;

	while (at && at->seq > r->seq)
		at = at->prev;
	r->prev = at;
	r->next = at ? at->next : ckm_pending_head;
	if (r->next)
		r->next->prev = r;
	else
		ckm_pending_tail = r;
	if (at)
		at->next = r;
	else
		ckm_pending_head = r;
}

static void ckm_unpend(struct ckm_rec *r)
{
	if (r->prev)
		r->prev->next = r->next;
	else
		ckm_pending_head = r->next;
	if (r->next)
		r->next->prev = r->prev;
	else
		ckm_pending_tail = r->prev;
	r->prev = r->next = NULL;
}

/* After a successful post: r is pending with the handle MPI gave, and on
 * the posted stack when taped. */
static void ckm_posted_as(struct ckm_rec *r, MPI_Request req)
{
	int flag = 0;

	r->req = req;
	r->seq = ++ckm_seq;
	if (MPI_Request_get_status(req, &flag, MPI_STATUS_IGNORE) ==
	    MPI_SUCCESS)
		r->done = flag;
	ckm_pend(r);
	if (r->mode & CKM_TAPED) {
		ckm_posted = ckm_grow(ckm_posted, &ckm_cposted,
				      ckm_nposted + 1, sizeof *ckm_posted);
		ckm_posted[ckm_nposted++] = r;
	}
}

/*
 * The record of the request whose handle is h, taken off pending, for a
 * wait of function fid in mode mode; NULL when ckc does not follow the
 * request (MPI_REQUEST_NULL, other data).  Of the records with handle h,
 * the oldest of fid's of the same mode (a handle MPI shares, ckrt_mpi.h).
 * A record of another function or mode is a misuse, unless MPI completed
 * it when it was posted: then h may be another request's, and the record
 * its function's.
 */
static struct ckm_rec *ckm_claim(const char *call, MPI_Request h, int fid,
				 int mode)
{
	struct ckm_rec *best = NULL;
	int score = -1;

	if (h == MPI_REQUEST_NULL)
		return NULL;
	for (struct ckm_rec *r = ckm_pending_head; r; r = r->next) {
		int s = 2 * (r->fid == fid) + (r->mode == mode);

		if (r->req == h && s > score) {
			best = r;
			score = s;
		}
	}
	if (!best)
		return NULL;
	if (best->fid != fid || best->mode != mode) {
		if (best->done)
			return NULL;
		if (best->fid != fid)
			ckm_fail("%s of a request that another function "
				 "posted (function %d waits for the %s of "
				 "function %d); ckc needs the function that "
				 "posts a request on floating data to wait "
				 "for it",
				 call, fid, ckm_kind_name(best->kind),
				 best->fid);
		ckm_fail("%s: a %s wait for the request of a %s %s (an "
			 "internal error of ckc)",
			 call, ckm_mode_name(mode), ckm_mode_name(best->mode),
			 ckm_kind_name(best->kind));
	}
	ckm_unpend(best);
	return best;
}

/*
 * A taped wait completes r: no request posted before it on its channel
 * (its kind, partner, tag and communicator) may still be pending, or the
 * reverse sweep, which posts the adjoints in the reverse order of the
 * waits, would pair the adjoints with the partner's wrongly.
 */
static void ckm_check_order(const char *call, const struct ckm_rec *r)
{
	char what[160];

	if (r->peer == MPI_PROC_NULL)
		return;
	for (const struct ckm_rec *p = ckm_pending_head; p && p->seq < r->seq;
	     p = p->next) {
		if (!(p->mode & CKM_TAPED) || p->kind != r->kind ||
		    p->peer != r->peer || p->tag != r->tag ||
		    p->comm != r->comm)
			continue;
		ckm_describe(what, sizeof what, r->kind, r->dt, r->count,
			     r->peer, r->tag, r->fid);
		ckm_fail("%s completes %s before an earlier %s %s rank %d "
			 "with the same tag and communicator; the reverse "
			 "sweep would pair their adjoints wrongly: complete "
			 "them in the order they were posted, or in one "
			 "MPI_Waitall",
			 call, what, ckm_kind_name(p->kind),
			 p->kind == CKM_SEND ? "to" : "from", p->peer);
	}
}

/* A receive's count check, and a tangent's unpacking, at its wait. */
static int ckm_finish(struct ckm_rec *r, MPI_Status *st, int user_status)
{
	int rc = MPI_SUCCESS, per = r->mode & CKM_TANGENT ? 2 : 1;
	size_t bytes = (size_t)r->count * r->size;

	if (r->kind == CKM_RECV && st->MPI_SOURCE != MPI_PROC_NULL) {
		ckm_expect("MPI_Irecv", st, r->dt, r->count, per);
		if (per == 2) {
			if (r->buf)
				memcpy(r->buf, r->scratch, bytes);
			if (r->buf_d)
				memcpy(r->buf_d, (char *)r->scratch + bytes,
				       bytes);
			if (user_status)
				rc = MPI_Status_set_elements(st, r->dt,
							     r->count);
		}
	}
	free(r->scratch);
	r->scratch = NULL;
	return rc;
}

/* Sorts a group by the order of the posts (a few records: insertion). */
static void ckm_sort(struct ckm_rec **g, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		struct ckm_rec *r = g[i];
		size_t j = i;

		for (; j > 0 && g[j - 1]->seq > r->seq; j--)
			g[j] = g[j - 1];
		g[j] = r;
	}
}

/*
 * Every forward wait: MPI_Wait (single, n = 1, sts one status) or
 * MPI_Waitall of reqs, in mode mode, by function fid.  The records are
 * found before MPI sets the handles to MPI_REQUEST_NULL; then checked and
 * unpacked, and freed (untaped) or pushed as the wait's group (taped).
 * After an MPI error, the records whose requests are still active go back
 * to pending.
 */
static int ckm_complete(const char *call, int n, MPI_Request *reqs,
			MPI_Status *sts, int single, int fid, int mode)
{
	int ignore =
		single ? sts == MPI_STATUS_IGNORE : sts == MPI_STATUSES_IGNORE;
	struct ckm_rec **recs;
	MPI_Status *s;
	size_t nrec = 0;
	int rc, rc2;

	if (n < 0)
		ckm_fail("%s: a negative count, %d", call, n);
	recs = ckm_alloc(call, n, sizeof *recs);
	for (int i = 0; i < n; i++) {
		recs[i] = ckm_claim(call, reqs[i], fid, mode);
		if (recs[i] && (mode & CKM_TAPED))
			ckm_check_order(call, recs[i]);
	}
	s = ignore ? ckm_alloc(call, n, sizeof *s) : sts;
	rc = single ? MPI_Wait(reqs, s) : MPI_Waitall(n, reqs, s);
	for (int i = 0; i < n; i++) {
		struct ckm_rec *r = recs[i];

		if (!r)
			continue;
		if (rc != MPI_SUCCESS && reqs[i] != MPI_REQUEST_NULL) {
			ckm_pend(r);
			continue;
		}
		if (rc == MPI_SUCCESS) {
			rc2 = ckm_finish(r, &s[i], !ignore);
			if (rc2 != MPI_SUCCESS && rc == MPI_SUCCESS)
				rc = rc2;
		} else {
			free(r->scratch);
			r->scratch = NULL;
		}
		if (mode & CKM_TAPED) {
			r->waited = 1;
			recs[nrec++] = r;
		} else {
			ckm_rec_free(r);
		}
	}
	if (mode & CKM_TAPED) {
		ckm_sort(recs, nrec);
		ckm_waited = ckm_grow(ckm_waited, &ckm_cwaited,
				      ckm_nwaited + nrec, sizeof *ckm_waited);
		ckm_groups = ckm_grow(ckm_groups, &ckm_cgroups,
				      ckm_ngroups + 1, sizeof *ckm_groups);
		memcpy(ckm_waited + ckm_nwaited, recs, nrec * sizeof *recs);
		ckm_nwaited += nrec;
		ckm_groups[ckm_ngroups].n = single ? 1 : n;
		ckm_groups[ckm_ngroups].fid = fid;
		ckm_groups[ckm_ngroups].recs = nrec;
		ckm_ngroups++;
	}
	if (ignore)
		free(s);
	free(recs);
	return rc;
}

static void ckm_mismatch(const char *call, const char *detail)
{
	ckm_fail("%s: the reverse sweep's MPI calls do not match the "
		 "forward's (%s)",
		 call, detail);
}

/* The reverse of a wait of n requests by function fid: its group, *nrec
 * records in the order of their posts (valid until the next taped wait). */
static struct ckm_rec **ckm_pop_group(const char *call, int n, int fid,
				      size_t *nrec)
{
	char detail[160];
	struct ckm_group *g;

	if (ckm_ngroups == 0)
		ckm_mismatch(call, "no MPI_Wait or MPI_Waitall of the forward "
				   "sweep is left to reverse");
	g = &ckm_groups[ckm_ngroups - 1];
	if (g->n != n || g->fid != fid) {
		snprintf(detail, sizeof detail,
			 "it reverses a wait of %d requests in function %d, "
			 "the forward's last was of %d in function %d",
			 n, fid, g->n, g->fid);
		ckm_mismatch(call, detail);
	}
	ckm_ngroups--;
	ckm_nwaited -= g->recs;
	*nrec = g->recs;
	return ckm_waited + ckm_nwaited;
}

/*
 * The reverse of a post: its record, which must be the last taped post's,
 * completed by a wait whose reverse has posted the adjoint (per * count
 * elements).  The caller frees it.
 */
static struct ckm_rec *ckm_pop_post(const char *call, int kind,
				    MPI_Datatype dt, int count, int peer,
				    int tag, int fid, int per)
{
	char want[160], got[160], detail[400];
	struct ckm_rec *r;

	if (ckm_nposted == 0)
		ckm_mismatch(call, "no MPI_Isend or MPI_Irecv of the forward "
				   "sweep is left to reverse");
	r = ckm_posted[ckm_nposted - 1];
	if (r->kind != kind || r->dt != dt || r->count != count ||
	    r->peer != peer || r->tag != tag || r->fid != fid) {
		ckm_describe(want, sizeof want, kind, dt, count, peer, tag,
			     fid);
		ckm_describe(got, sizeof got, r->kind, r->dt, r->count,
			     r->peer, r->tag, r->fid);
		snprintf(detail, sizeof detail,
			 "it reverses %s, the forward's last was %s", want,
			 got);
		ckm_mismatch(call, detail);
	}
	if (!r->waited)
		ckm_fail("%s: a request of MPI_Isend/MPI_Irecv on floating "
			 "data was not completed by MPI_Wait or MPI_Waitall",
			 call);
	if (!r->reversed)
		ckm_mismatch(call, "the wait that completed its request has "
				   "not been reversed");
	if (r->per != per)
		ckm_mismatch(call, per == 2 ? "a second-order reverse of a "
					      "wait's adjoint"
					    : "an adjoint reverse of a "
					      "wait's second order");
	ckm_nposted--;
	return r;
}

size_t ck_mpi_pending(void)
{
	return ckm_nalive;
}

void ck_mpi_reset(void)
{
	while (ckm_alive)
		ckm_rec_free(ckm_alive);
	ckm_pending_head = ckm_pending_tail = NULL;
	free(ckm_posted);
	free(ckm_waited);
	free(ckm_groups);
	ckm_posted = ckm_waited = NULL;
	ckm_groups = NULL;
	ckm_nposted = ckm_cposted = ckm_nwaited = ckm_cwaited = 0;
	ckm_ngroups = ckm_cgroups = 0;
}

/* The base arguments of the waits: parameters the forward waits do not
 * read, and the arrays of adjoints the reverse ones hand on. */
#define CKM_UNUSED(T, i) (void)b##i;
#define CKM_UNUSED_D(T, i) (void)b##i, (void)b##i##_d;
#define CKM_ARG_B(T, i) b##i##_b,
#define CKM_ARG_BD(T, i) b##i##_bd,

/* Names of the families: FN(send, _d) is ck_mpi_send_dbl_d in the double
 * family, LOCAL(put) a static function of the family, ckm_put_dbl. */
#define CKM_CAT_(a, b, c) a##b##c
#define CKM_CAT(a, b, c) CKM_CAT_(a, b, c)
#define FN(call, suffix) CKM_CAT(ck_mpi_##call##_, S, suffix)
#define LOCAL(name) CKM_CAT(ckm_##name##_, S, )

#define S dbl
#define T double
#define T_MPI MPI_DOUBLE
#define T_PAIR_MPI MPI_DOUBLE_INT
#define T_NAME "double"
#define T_MPI_NAME "MPI_DOUBLE"
#include "ckrt_mpi_family.inc"
#undef S
#undef T
#undef T_MPI
#undef T_PAIR_MPI
#undef T_NAME
#undef T_MPI_NAME

#define S flt
#define T float
#define T_MPI MPI_FLOAT
#define T_PAIR_MPI MPI_FLOAT_INT
#define T_NAME "float"
#define T_MPI_NAME "MPI_FLOAT"
#include "ckrt_mpi_family.inc"
#undef S
#undef T
#undef T_MPI
#undef T_PAIR_MPI
#undef T_NAME
#undef T_MPI_NAME
