/*
 * ckrt_mpi.h - the MPI helpers of code written by ckc (libckrt_mpi).
 *
 * ckc rewrites each supported MPI call on a double or float buffer into a
 * call of a typed helper declared here, and generates calls to its tangent
 * (_d), adjoint (_b) and second-order (_b_d) versions.  They live in a
 * library of their own, libckrt_mpi, so that libckrt needs no MPI; link
 * both (libckrt_mpi first) and MPI.  The header compiles as C99 (-std=c99
 * -Wall -Wextra -pedantic).
 *
 * Names: ck_mpi_<call>_<S>[_d|_b|_b_d], S = dbl for double buffers with
 * MPI_DOUBLE, S = flt for float buffers with MPI_FLOAT.  <call> is send,
 * recv, sendrecv, bcast, reduce, allreduce, and reduce_inplace and
 * allreduce_inplace for the calls whose send buffer is MPI_IN_PLACE (on the
 * root, for MPI_Reduce); isend, irecv, wait<K> and waitall<K> for the
 * nonblocking calls, which have taped versions (_t, _t_d) too and are
 * described where they are declared, below.
 *
 *   Primal      ck_mpi_<call>_<S>: the MPI call, sending and computing
 *               exactly what the plain call would, bit for bit.  A receive
 *               must receive exactly its count: the reverse sweep sends
 *               that many adjoints back.
 *   Tangent     _d: each primal buffer is followed by its tangent.  A value
 *               travels with its tangent in one message of 2 * count
 *               elements, the values and then the tangents (point to point
 *               and broadcast), so a tangent receive matches exactly the
 *               message its primal would, MPI_ANY_SOURCE and MPI_ANY_TAG
 *               included, and the status reports the user's count.  A
 *               reduction runs as the plain call, so its result has the
 *               plain call's bits, then a second MPI_SUM reduction of the
 *               tangents.
 *   Adjoint     _b: the reverse sweep calls them, in the reverse order of
 *               the primal calls and on every rank, with the adjoint
 *               buffers only and the other arguments as the primal call
 *               had them.  Each runs the primal's communication transposed:
 *               a send receives the adjoint of what it sent back from its
 *               destination, a receive sends its adjoint back to its source
 *               (same tag), a broadcast sums the adjoints at its root
 *               (MPI_Reduce), a reduction broadcasts the adjoint of its
 *               result from the root (MPI_Bcast), an allreduce sums
 *               (MPI_Allreduce).  Reversing every rank's calls reverses
 *               every pair's messages, so with the same tags they match as
 *               the primal's did.  The adjoint of a buffer the call read is
 *               incremented (x_b[k] += ..., in index order); the adjoint of
 *               a buffer it overwrote holds on entry the adjoint of the
 *               value after the call and is set to the adjoint of the value
 *               before (0 where received data overwrote it).
 *   Second      _b_d: the tangents of the adjoints: each adjoint buffer
 *   order       x_b is followed by x_bd, and the pair gets what _b does to
 *               x_b.  Point to point, one message of the adjoints and then
 *               their tangents; collectives, two calls, the first the one
 *               _b makes, so x_b gets _b's bits whatever MPI's summation
 *               order for a longer message would be.
 *
 * Shadows (_d, _b, _bd buffers) may be NULL: a NULL tangent reads as
 * zeros; a NULL adjoint discards what arrives and sends zeros.  Scratch
 * memory comes from malloc, without fixed limits.  MPI_PROC_NULL as a
 * partner is a no-op as in MPI: the buffers and their shadows keep their
 * values.
 *
 * Return values: the primal and _d helpers return what MPI returns (the
 * first error code, when MPI is set to return errors, after which they
 * stop); _b and _b_d return nothing and abort on an error.
 *
 * Errors: a use ckc cannot differentiate prints "ckc: <MPI call>: ..." to
 * stderr and calls MPI_Abort(MPI_COMM_WORLD, 1): a datatype other than
 * MPI_DOUBLE (dbl) or MPI_FLOAT (flt); an MPI_Op other than MPI_SUM in a
 * derivative helper (the primal accepts any); a receive that gets fewer
 * elements than its count; the adjoint of a receive from MPI_ANY_SOURCE or
 * with MPI_ANY_TAG; malloc failing.
 *
 * The blocking helpers keep no state: they are as thread-safe as the MPI
 * under them.  The nonblocking ones keep process-wide bookkeeping that
 * nothing synchronizes: call them from one thread only, as code under
 * MPI_THREAD_FUNNELED calls MPI.
 */
#ifndef CKRT_MPI_H
#define CKRT_MPI_H

#include <stddef.h>

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The blocking helpers of a family: S = dbl, T = double; S = flt, T = float
 * (ck_mpi_send_dbl, ck_mpi_send_dbl_d, ck_mpi_send_dbl_b,
 * ck_mpi_send_dbl_b_d, ...). */
#define CK_MPI_DECLARE_BLOCKING(S, T)                                                 \
	int ck_mpi_send_##S(const T *buf, int count, MPI_Datatype dt,                 \
			    int dest, int tag, MPI_Comm comm);                        \
	int ck_mpi_recv_##S(T *buf, int count, MPI_Datatype dt, int src,              \
			    int tag, MPI_Comm comm, MPI_Status *st);                  \
	int ck_mpi_sendrecv_##S(const T *sbuf, int scount, MPI_Datatype sdt,          \
				int dest, int stag, T *rbuf, int rcount,              \
				MPI_Datatype rdt, int src, int rtag,                  \
				MPI_Comm comm, MPI_Status *st);                       \
	int ck_mpi_bcast_##S(T *buf, int count, MPI_Datatype dt, int root,            \
			     MPI_Comm comm);                                          \
	int ck_mpi_reduce_##S(const T *sbuf, T *rbuf, int count,                      \
			      MPI_Datatype dt, MPI_Op op, int root,                   \
			      MPI_Comm comm);                                         \
	int ck_mpi_allreduce_##S(const T *sbuf, T *rbuf, int count,                   \
				 MPI_Datatype dt, MPI_Op op, MPI_Comm comm);          \
	/* MPI_Reduce with MPI_IN_PLACE on the root, buf the send buffer elsewhere */ \
	int ck_mpi_reduce_inplace_##S(T *buf, int count, MPI_Datatype dt,             \
				      MPI_Op op, int root, MPI_Comm comm);            \
	/* MPI_Allreduce(MPI_IN_PLACE, buf, ...) */                                   \
	int ck_mpi_allreduce_inplace_##S(T *buf, int count, MPI_Datatype dt,          \
					 MPI_Op op, MPI_Comm comm);                   \
	int ck_mpi_send_##S##_d(const T *buf, const T *buf_d, int count,              \
				MPI_Datatype dt, int dest, int tag,                   \
				MPI_Comm comm);                                       \
	int ck_mpi_recv_##S##_d(T *buf, T *buf_d, int count, MPI_Datatype dt,         \
				int src, int tag, MPI_Comm comm,                      \
				MPI_Status *st);                                      \
	int ck_mpi_sendrecv_##S##_d(const T *sbuf, const T *sbuf_d,                   \
				    int scount, MPI_Datatype sdt, int dest,           \
				    int stag, T *rbuf, T *rbuf_d, int rcount,         \
				    MPI_Datatype rdt, int src, int rtag,              \
				    MPI_Comm comm, MPI_Status *st);                   \
	int ck_mpi_bcast_##S##_d(T *buf, T *buf_d, int count,                         \
				 MPI_Datatype dt, int root, MPI_Comm comm);           \
	int ck_mpi_reduce_##S##_d(const T *sbuf, const T *sbuf_d, T *rbuf,            \
				  T *rbuf_d, int count, MPI_Datatype dt,              \
				  MPI_Op op, int root, MPI_Comm comm);                \
	int ck_mpi_allreduce_##S##_d(const T *sbuf, const T *sbuf_d, T *rbuf,         \
				     T *rbuf_d, int count, MPI_Datatype dt,           \
				     MPI_Op op, MPI_Comm comm);                       \
	int ck_mpi_reduce_inplace_##S##_d(T *buf, T *buf_d, int count,                \
					  MPI_Datatype dt, MPI_Op op,                 \
					  int root, MPI_Comm comm);                   \
	int ck_mpi_allreduce_inplace_##S##_d(T *buf, T *buf_d, int count,             \
					     MPI_Datatype dt, MPI_Op op,              \
					     MPI_Comm comm);                          \
	void ck_mpi_send_##S##_b(T *buf_b, int count, MPI_Datatype dt,                \
				 int dest, int tag, MPI_Comm comm);                   \
	void ck_mpi_recv_##S##_b(T *buf_b, int count, MPI_Datatype dt,                \
				 int src, int tag, MPI_Comm comm);                    \
	void ck_mpi_sendrecv_##S##_b(T *sbuf_b, int scount, MPI_Datatype sdt,         \
				     int dest, int stag, T *rbuf_b,                   \
				     int rcount, MPI_Datatype rdt, int src,           \
				     int rtag, MPI_Comm comm);                        \
	void ck_mpi_bcast_##S##_b(T *buf_b, int count, MPI_Datatype dt,               \
				  int root, MPI_Comm comm);                           \
	void ck_mpi_reduce_##S##_b(T *sbuf_b, T *rbuf_b, int count,                   \
				   MPI_Datatype dt, MPI_Op op, int root,              \
				   MPI_Comm comm);                                    \
	void ck_mpi_allreduce_##S##_b(T *sbuf_b, T *rbuf_b, int count,                \
				      MPI_Datatype dt, MPI_Op op,                     \
				      MPI_Comm comm);                                 \
	void ck_mpi_reduce_inplace_##S##_b(T *buf_b, int count,                       \
					   MPI_Datatype dt, MPI_Op op,                \
					   int root, MPI_Comm comm);                  \
	void ck_mpi_allreduce_inplace_##S##_b(T *buf_b, int count,                    \
					      MPI_Datatype dt, MPI_Op op,             \
					      MPI_Comm comm);                         \
	void ck_mpi_send_##S##_b_d(T *buf_b, T *buf_bd, int count,                    \
				   MPI_Datatype dt, int dest, int tag,                \
				   MPI_Comm comm);                                    \
	void ck_mpi_recv_##S##_b_d(T *buf_b, T *buf_bd, int count,                    \
				   MPI_Datatype dt, int src, int tag,                 \
				   MPI_Comm comm);                                    \
	void ck_mpi_sendrecv_##S##_b_d(                                               \
		T *sbuf_b, T *sbuf_bd, int scount, MPI_Datatype sdt,                  \
		int dest, int stag, T *rbuf_b, T *rbuf_bd, int rcount,                \
		MPI_Datatype rdt, int src, int rtag, MPI_Comm comm);                  \
	void ck_mpi_bcast_##S##_b_d(T *buf_b, T *buf_bd, int count,                   \
				    MPI_Datatype dt, int root,                        \
				    MPI_Comm comm);                                   \
	void ck_mpi_reduce_##S##_b_d(T *sbuf_b, T *sbuf_bd, T *rbuf_b,                \
				     T *rbuf_bd, int count, MPI_Datatype dt,          \
				     MPI_Op op, int root, MPI_Comm comm);             \
	void ck_mpi_allreduce_##S##_b_d(                                              \
		T *sbuf_b, T *sbuf_bd, T *rbuf_b, T *rbuf_bd, int count,              \
		MPI_Datatype dt, MPI_Op op, MPI_Comm comm);                           \
	void ck_mpi_reduce_inplace_##S##_b_d(T *buf_b, T *buf_bd, int count,          \
					     MPI_Datatype dt, MPI_Op op,              \
					     int root, MPI_Comm comm);                \
	void ck_mpi_allreduce_inplace_##S##_b_d(T *buf_b, T *buf_bd,                  \
						int count, MPI_Datatype dt,           \
						MPI_Op op, MPI_Comm comm);

CK_MPI_DECLARE_BLOCKING(dbl, double)
CK_MPI_DECLARE_BLOCKING(flt, float)

/* ------------------------------------------------------------ nonblocking */

/*
 * MPI_Isend, MPI_Irecv, MPI_Wait and MPI_Waitall on double or float data.
 * ckc rewrites a function's posts and the waits of the same function; the
 * function that posts a request on floating data must wait for it.  fid
 * is the function's number, which ckc gives each call of the function's
 * helpers.
 *
 *   Primal      isend, irecv: the MPI call, as the plain call makes it;
 *               wait<K>, waitall<K>: the MPI call, and a receive must have
 *               received exactly its count (st may be MPI_STATUS_IGNORE,
 *               sts MPI_STATUSES_IGNORE).  The waits take every request,
 *               those of other data or MPI_REQUEST_NULL included, and leave
 *               those alone.
 *   Taped       _t: the same, and kept for the reverse sweep: the posts in
 *               one stack, the waits in another, one group of the requests
 *               each completed.
 *   Tangent     _d, _t_d: each active pointer followed by its tangent.  A
 *               value travels with its tangent in one message of 2 * count
 *               elements, as with MPI_Send; a wait unpacks what a receive
 *               got into buf and buf_d and sets the status to count
 *               elements.
 *   Adjoint     _b, called in the reverse order of the taped calls, without
 *               primal buffers, requests or statuses.  The reverse of a
 *               wait posts its requests' adjoints: for a send, a receive
 *               of the adjoint of what it sent, from its destination; for
 *               a receive, a send of its buffer's adjoint back to its
 *               source, the adjoint then set to 0 (the received values
 *               overwrote the buffer, and nothing may touch the buffer
 *               between MPI_Irecv and its wait).  The reverse of a post
 *               completes that: a send adds what came back to buf_b (in
 *               index order; dropped when buf_b is NULL), a receive waits
 *               for its send.  Requests of one wait are reversed in the
 *               reverse order of their posts.
 *   Second      _b_d: the same with each adjoint followed by its tangent,
 *   order       in one message of 2 * count elements, both set to 0 for a
 *               receive (a NULL tangent reads as zeros).
 *
 * The reverse of a receive needs to know where its buffer's adjoint is: an
 * irecv names its buffer as buf = base + offset, base the wait's base
 * argument number slot (b<slot>, 0 <= slot < K, K <= CK_MPI_KMAX); the
 * reverse of the wait takes b<slot>_b + offset.  A wait passes the bases
 * of the receives it completes, numbered as their irecvs number them (a
 * wait of sends only may pass none).
 *
 * Requests are found by the value of their handle, as posted.  An MPI may
 * give several requests it completed at once the same handle (Open MPI
 * does for MPI_PROC_NULL and for short sends); such requests are told apart
 * by the order of their posts, and a wait takes the function's oldest.  An
 * MPI_PROC_NULL partner makes every derivative a no-op, as above.
 *
 * Messages pair in the reverse sweep as in the forward one as long as, on
 * each rank, the requests between one pair of ranks with one tag and one
 * communicator (a channel) are completed in the order they were posted
 * (one MPI_Waitall may complete them in any order), and no blocking call
 * sends or receives on the channel while one of its requests is pending.
 * A taped wait that breaks the first rule aborts.
 *
 * Errors (abort, "ckc: ..."): besides those of the blocking helpers, a
 * wait for a request another function posted; the reverse of a post whose
 * request no wait completed; a reverse sweep whose calls do not match the
 * forward's (nothing left to reverse, another call, count, partner, tag,
 * function or derivative order); a receive buffer the reverse cannot find
 * (slot >= K, or a NULL b<slot>_b); the taped receive from MPI_ANY_SOURCE
 * or with MPI_ANY_TAG.  After an MPI error a wait returns it; the requests
 * MPI completed are released, the others stay pending.
 */

/* Requests kept (pending, or kept for the reverse sweep): 0 once every
 * untaped request is waited and every taped one reversed. */
size_t ck_mpi_pending(void);
/* Forgets every request: frees the records and empties the stacks.  It
 * neither completes nor cancels MPI requests: call it when none of the
 * helpers' requests is active (tests, or recovery after an error). */
void ck_mpi_reset(void);

/* The most base arguments of a wait. */
#define CK_MPI_KMAX 4

/* CK_MPI_BASES_<K>(X, T) is X(T, 0) ... X(T, K - 1): with the parameter
 * makers CK_MPI_PARAM*, the base parameters of the waits with K bases. */
#define CK_MPI_BASES_0(X, T)
#define CK_MPI_BASES_1(X, T) X(T, 0)
#define CK_MPI_BASES_2(X, T) CK_MPI_BASES_1(X, T) X(T, 1)
#define CK_MPI_BASES_3(X, T) CK_MPI_BASES_2(X, T) X(T, 2)
#define CK_MPI_BASES_4(X, T) CK_MPI_BASES_3(X, T) X(T, 3)
#define CK_MPI_PARAM(T, i) , T *b##i
#define CK_MPI_PARAM_D(T, i) , T *b##i, T *b##i##_d
#define CK_MPI_PARAM_B(T, i) , T *b##i##_b
#define CK_MPI_PARAM_B_D(T, i) , T *b##i##_b, T *b##i##_bd

/*
 * The waits of family S (element type T) with K bases, e.g. for S = dbl,
 * K = 2:
 *
 *   int ck_mpi_wait_dbl2(MPI_Request *req, MPI_Status *st, int fid,
 *                        double *b0, double *b1);               and _t
 *   int ck_mpi_wait_dbl2_d(MPI_Request *req, MPI_Status *st, int fid,
 *                          double *b0, double *b0_d,
 *                          double *b1, double *b1_d);           and _t_d
 *   void ck_mpi_wait_dbl2_b(int fid, double *b0_b, double *b1_b);
 *   void ck_mpi_wait_dbl2_b_d(int fid, double *b0_b, double *b0_bd,
 *                             double *b1_b, double *b1_bd);
 *
 * and the same for ck_mpi_waitall_dbl2..., with (int n, MPI_Request *reqs,
 * MPI_Status *sts, int fid, ...) and (int n, int fid, ...).  The forward
 * waits do not read their bases.
 */
#define CK_MPI_DECLARE_WAITS(S, T, K)                                         \
	int ck_mpi_wait_##S##K(MPI_Request *req, MPI_Status *st,              \
			       int fid CK_MPI_BASES_##K(CK_MPI_PARAM, T));    \
	int ck_mpi_wait_##S##K##_t(                                           \
		MPI_Request *req, MPI_Status *st,                             \
		int fid CK_MPI_BASES_##K(CK_MPI_PARAM, T));                   \
	int ck_mpi_wait_##S##K##_d(                                           \
		MPI_Request *req, MPI_Status *st,                             \
		int fid CK_MPI_BASES_##K(CK_MPI_PARAM_D, T));                 \
	int ck_mpi_wait_##S##K##_t_d(                                         \
		MPI_Request *req, MPI_Status *st,                             \
		int fid CK_MPI_BASES_##K(CK_MPI_PARAM_D, T));                 \
	void ck_mpi_wait_##S##K##_b(                                          \
		int fid CK_MPI_BASES_##K(CK_MPI_PARAM_B, T));                 \
	void ck_mpi_wait_##S##K##_b_d(                                        \
		int fid CK_MPI_BASES_##K(CK_MPI_PARAM_B_D, T));               \
	int ck_mpi_waitall_##S##K(int n, MPI_Request *reqs, MPI_Status *sts,  \
				  int fid CK_MPI_BASES_##K(CK_MPI_PARAM, T)); \
	int ck_mpi_waitall_##S##K##_t(                                        \
		int n, MPI_Request *reqs, MPI_Status *sts,                    \
		int fid CK_MPI_BASES_##K(CK_MPI_PARAM, T));                   \
	int ck_mpi_waitall_##S##K##_d(                                        \
		int n, MPI_Request *reqs, MPI_Status *sts,                    \
		int fid CK_MPI_BASES_##K(CK_MPI_PARAM_D, T));                 \
	int ck_mpi_waitall_##S##K##_t_d(                                      \
		int n, MPI_Request *reqs, MPI_Status *sts,                    \
		int fid CK_MPI_BASES_##K(CK_MPI_PARAM_D, T));                 \
	void ck_mpi_waitall_##S##K##_b(                                       \
		int n, int fid CK_MPI_BASES_##K(CK_MPI_PARAM_B, T));          \
	void ck_mpi_waitall_##S##K##_b_d(                                     \
		int n, int fid CK_MPI_BASES_##K(CK_MPI_PARAM_B_D, T));

/* The nonblocking helpers of a family: the posts (ck_mpi_isend_dbl,
 * ck_mpi_irecv_dbl_t_d, ...) and the waits with 0 to CK_MPI_KMAX bases. */
#define CK_MPI_DECLARE_NONBLOCKING(S, T)                                      \
	int ck_mpi_isend_##S(const T *buf, int count, MPI_Datatype dt,        \
			     int dest, int tag, MPI_Comm comm,                \
			     MPI_Request *req, int fid);                      \
	int ck_mpi_isend_##S##_t(const T *buf, int count, MPI_Datatype dt,    \
				 int dest, int tag, MPI_Comm comm,            \
				 MPI_Request *req, int fid);                  \
	int ck_mpi_irecv_##S(T *buf, int count, MPI_Datatype dt, int src,     \
			     int tag, MPI_Comm comm, MPI_Request *req,        \
			     int fid, int slot, T *base);                     \
	int ck_mpi_irecv_##S##_t(T *buf, int count, MPI_Datatype dt, int src, \
				 int tag, MPI_Comm comm, MPI_Request *req,    \
				 int fid, int slot, T *base);                 \
	int ck_mpi_isend_##S##_d(const T *buf, const T *buf_d, int count,     \
				 MPI_Datatype dt, int dest, int tag,          \
				 MPI_Comm comm, MPI_Request *req, int fid);   \
	int ck_mpi_isend_##S##_t_d(const T *buf, const T *buf_d, int count,   \
				   MPI_Datatype dt, int dest, int tag,        \
				   MPI_Comm comm, MPI_Request *req, int fid); \
	int ck_mpi_irecv_##S##_d(T *buf, T *buf_d, int count,                 \
				 MPI_Datatype dt, int src, int tag,           \
				 MPI_Comm comm, MPI_Request *req, int fid,    \
				 int slot, T *base, T *base_d);               \
	int ck_mpi_irecv_##S##_t_d(T *buf, T *buf_d, int count,               \
				   MPI_Datatype dt, int src, int tag,         \
				   MPI_Comm comm, MPI_Request *req, int fid,  \
				   int slot, T *base, T *base_d);             \
	void ck_mpi_isend_##S##_b(T *buf_b, int count, MPI_Datatype dt,       \
				  int dest, int tag, MPI_Comm comm, int fid); \
	void ck_mpi_irecv_##S##_b(T *buf_b, int count, MPI_Datatype dt,       \
				  int src, int tag, MPI_Comm comm, int fid,   \
				  int slot, T *base_b);                       \
	void ck_mpi_isend_##S##_b_d(T *buf_b, T *buf_bd, int count,           \
				    MPI_Datatype dt, int dest, int tag,       \
				    MPI_Comm comm, int fid);                  \
	void ck_mpi_irecv_##S##_b_d(T *buf_b, T *buf_bd, int count,           \
				    MPI_Datatype dt, int src, int tag,        \
				    MPI_Comm comm, int fid, int slot,         \
				    T *base_b, T *base_bd);                   \
	CK_MPI_DECLARE_WAITS(S, T, 0)                                         \
	CK_MPI_DECLARE_WAITS(S, T, 1)                                         \
	CK_MPI_DECLARE_WAITS(S, T, 2)                                         \
	CK_MPI_DECLARE_WAITS(S, T, 3)                                         \
	CK_MPI_DECLARE_WAITS(S, T, 4)

CK_MPI_DECLARE_NONBLOCKING(dbl, double)
CK_MPI_DECLARE_NONBLOCKING(flt, float)

/* ---------------------------------------- reductions by MPI_MAX, MPI_MIN */

/* The reductions whose MPI_Op ckc sees is MPI_MAX or MPI_MIN: element k
 * of the result is the winner's operand, the lowest rank holding the
 * largest (smallest) value (MPI_MAXLOC's and MPI_MINLOC's tie rule, so
 * every rank agrees).  The tangent of the result is the winner's tangent;
 * the adjoint of the result, summed over the ranks that hold it, goes to
 * the winner's operand.  The adjoints take the operands as the call saw
 * them, to find the winners again. */
#define CK_MPI_DECLARE_MINMAX(S, T)                                           \
	int ck_mpi_reduce_minmax_##S(const T *sbuf, T *rbuf, int count,       \
				     MPI_Datatype dt, MPI_Op op, int root,    \
				     MPI_Comm comm);                          \
	int ck_mpi_allreduce_minmax_##S(const T *sbuf, T *rbuf, int count,    \
					MPI_Datatype dt, MPI_Op op,           \
					MPI_Comm comm);                       \
	int ck_mpi_reduce_minmax_##S##_d(const T *sbuf, const T *sbuf_d,      \
					 T *rbuf, T *rbuf_d, int count,       \
					 MPI_Datatype dt, MPI_Op op,          \
					 int root, MPI_Comm comm);            \
	int ck_mpi_allreduce_minmax_##S##_d(                                  \
		const T *sbuf, const T *sbuf_d, T *rbuf, T *rbuf_d,           \
		int count, MPI_Datatype dt, MPI_Op op, MPI_Comm comm);        \
	void ck_mpi_reduce_minmax_##S##_b(                                    \
		const T *sbuf, T *sbuf_b, T *rbuf_b, int count,               \
		MPI_Datatype dt, MPI_Op op, int root, MPI_Comm comm);         \
	void ck_mpi_allreduce_minmax_##S##_b(                                 \
		const T *sbuf, T *sbuf_b, T *rbuf_b, int count,               \
		MPI_Datatype dt, MPI_Op op, MPI_Comm comm);                   \
	void ck_mpi_reduce_minmax_##S##_b_d(                                  \
		const T *sbuf, const T *sbuf_d, T *sbuf_b, T *sbuf_bd,        \
		T *rbuf_b, T *rbuf_bd, int count, MPI_Datatype dt, MPI_Op op, \
		int root, MPI_Comm comm);                                     \
	void ck_mpi_allreduce_minmax_##S##_b_d(                               \
		const T *sbuf, const T *sbuf_d, T *sbuf_b, T *sbuf_bd,        \
		T *rbuf_b, T *rbuf_bd, int count, MPI_Datatype dt, MPI_Op op, \
		MPI_Comm comm);

CK_MPI_DECLARE_MINMAX(dbl, double)
CK_MPI_DECLARE_MINMAX(flt, float)

#ifdef __cplusplus
}
#endif

#endif
