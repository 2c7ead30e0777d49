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
 * root, for MPI_Reduce).
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
 * The helpers keep no state: they are as thread-safe as the MPI under them.
 */
#ifndef CKRT_MPI_H
#define CKRT_MPI_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------- double: primal */

int ck_mpi_send_dbl(const double *buf, int count, MPI_Datatype dt, int dest,
		    int tag, MPI_Comm comm);
int ck_mpi_recv_dbl(double *buf, int count, MPI_Datatype dt, int src, int tag,
		    MPI_Comm comm, MPI_Status *st);
int ck_mpi_sendrecv_dbl(const double *sbuf, int scount, MPI_Datatype sdt,
			int dest, int stag, double *rbuf, int rcount,
			MPI_Datatype rdt, int src, int rtag, MPI_Comm comm,
			MPI_Status *st);
int ck_mpi_bcast_dbl(double *buf, int count, MPI_Datatype dt, int root,
		     MPI_Comm comm);
int ck_mpi_reduce_dbl(const double *sbuf, double *rbuf, int count,
		      MPI_Datatype dt, MPI_Op op, int root, MPI_Comm comm);
int ck_mpi_allreduce_dbl(const double *sbuf, double *rbuf, int count,
			 MPI_Datatype dt, MPI_Op op, MPI_Comm comm);
/* MPI_Reduce with MPI_IN_PLACE on the root, buf the send buffer elsewhere */
int ck_mpi_reduce_inplace_dbl(double *buf, int count, MPI_Datatype dt,
			      MPI_Op op, int root, MPI_Comm comm);
/* MPI_Allreduce(MPI_IN_PLACE, buf, ...) */
int ck_mpi_allreduce_inplace_dbl(double *buf, int count, MPI_Datatype dt,
				 MPI_Op op, MPI_Comm comm);

/* ------------------------------------------------------ double: tangent */

int ck_mpi_send_dbl_d(const double *buf, const double *buf_d, int count,
		      MPI_Datatype dt, int dest, int tag, MPI_Comm comm);
int ck_mpi_recv_dbl_d(double *buf, double *buf_d, int count, MPI_Datatype dt,
		      int src, int tag, MPI_Comm comm, MPI_Status *st);
int ck_mpi_sendrecv_dbl_d(const double *sbuf, const double *sbuf_d, int scount,
			  MPI_Datatype sdt, int dest, int stag, double *rbuf,
			  double *rbuf_d, int rcount, MPI_Datatype rdt,
			  int src, int rtag, MPI_Comm comm, MPI_Status *st);
int ck_mpi_bcast_dbl_d(double *buf, double *buf_d, int count, MPI_Datatype dt,
		       int root, MPI_Comm comm);
int ck_mpi_reduce_dbl_d(const double *sbuf, const double *sbuf_d, double *rbuf,
			double *rbuf_d, int count, MPI_Datatype dt, MPI_Op op,
			int root, MPI_Comm comm);
int ck_mpi_allreduce_dbl_d(const double *sbuf, const double *sbuf_d,
			   double *rbuf, double *rbuf_d, int count,
			   MPI_Datatype dt, MPI_Op op, MPI_Comm comm);
int ck_mpi_reduce_inplace_dbl_d(double *buf, double *buf_d, int count,
				MPI_Datatype dt, MPI_Op op, int root,
				MPI_Comm comm);
int ck_mpi_allreduce_inplace_dbl_d(double *buf, double *buf_d, int count,
				   MPI_Datatype dt, MPI_Op op, MPI_Comm comm);

/* ------------------------------------------------------ double: adjoint */

void ck_mpi_send_dbl_b(double *buf_b, int count, MPI_Datatype dt, int dest,
		       int tag, MPI_Comm comm);
void ck_mpi_recv_dbl_b(double *buf_b, int count, MPI_Datatype dt, int src,
		       int tag, MPI_Comm comm);
void ck_mpi_sendrecv_dbl_b(double *sbuf_b, int scount, MPI_Datatype sdt,
			   int dest, int stag, double *rbuf_b, int rcount,
			   MPI_Datatype rdt, int src, int rtag, MPI_Comm comm);
void ck_mpi_bcast_dbl_b(double *buf_b, int count, MPI_Datatype dt, int root,
			MPI_Comm comm);
void ck_mpi_reduce_dbl_b(double *sbuf_b, double *rbuf_b, int count,
			 MPI_Datatype dt, MPI_Op op, int root, MPI_Comm comm);
void ck_mpi_allreduce_dbl_b(double *sbuf_b, double *rbuf_b, int count,
			    MPI_Datatype dt, MPI_Op op, MPI_Comm comm);
void ck_mpi_reduce_inplace_dbl_b(double *buf_b, int count, MPI_Datatype dt,
				 MPI_Op op, int root, MPI_Comm comm);
void ck_mpi_allreduce_inplace_dbl_b(double *buf_b, int count, MPI_Datatype dt,
				    MPI_Op op, MPI_Comm comm);

/* ------------------------------------------------- double: second order */

void ck_mpi_send_dbl_b_d(double *buf_b, double *buf_bd, int count,
			 MPI_Datatype dt, int dest, int tag, MPI_Comm comm);
void ck_mpi_recv_dbl_b_d(double *buf_b, double *buf_bd, int count,
			 MPI_Datatype dt, int src, int tag, MPI_Comm comm);
void ck_mpi_sendrecv_dbl_b_d(double *sbuf_b, double *sbuf_bd, int scount,
			     MPI_Datatype sdt, int dest, int stag,
			     double *rbuf_b, double *rbuf_bd, int rcount,
			     MPI_Datatype rdt, int src, int rtag,
			     MPI_Comm comm);
void ck_mpi_bcast_dbl_b_d(double *buf_b, double *buf_bd, int count,
			  MPI_Datatype dt, int root, MPI_Comm comm);
void ck_mpi_reduce_dbl_b_d(double *sbuf_b, double *sbuf_bd, double *rbuf_b,
			   double *rbuf_bd, int count, MPI_Datatype dt,
			   MPI_Op op, int root, MPI_Comm comm);
void ck_mpi_allreduce_dbl_b_d(double *sbuf_b, double *sbuf_bd, double *rbuf_b,
			      double *rbuf_bd, int count, MPI_Datatype dt,
			      MPI_Op op, MPI_Comm comm);
void ck_mpi_reduce_inplace_dbl_b_d(double *buf_b, double *buf_bd, int count,
				   MPI_Datatype dt, MPI_Op op, int root,
				   MPI_Comm comm);
void ck_mpi_allreduce_inplace_dbl_b_d(double *buf_b, double *buf_bd, int count,
				      MPI_Datatype dt, MPI_Op op,
				      MPI_Comm comm);

/* -------------------------------------------------------- float: primal */

int ck_mpi_send_flt(const float *buf, int count, MPI_Datatype dt, int dest,
		    int tag, MPI_Comm comm);
int ck_mpi_recv_flt(float *buf, int count, MPI_Datatype dt, int src, int tag,
		    MPI_Comm comm, MPI_Status *st);
int ck_mpi_sendrecv_flt(const float *sbuf, int scount, MPI_Datatype sdt,
			int dest, int stag, float *rbuf, int rcount,
			MPI_Datatype rdt, int src, int rtag, MPI_Comm comm,
			MPI_Status *st);
int ck_mpi_bcast_flt(float *buf, int count, MPI_Datatype dt, int root,
		     MPI_Comm comm);
int ck_mpi_reduce_flt(const float *sbuf, float *rbuf, int count,
		      MPI_Datatype dt, MPI_Op op, int root, MPI_Comm comm);
int ck_mpi_allreduce_flt(const float *sbuf, float *rbuf, int count,
			 MPI_Datatype dt, MPI_Op op, MPI_Comm comm);
int ck_mpi_reduce_inplace_flt(float *buf, int count, MPI_Datatype dt,
			      MPI_Op op, int root, MPI_Comm comm);
int ck_mpi_allreduce_inplace_flt(float *buf, int count, MPI_Datatype dt,
				 MPI_Op op, MPI_Comm comm);

/* ------------------------------------------------------- float: tangent */

int ck_mpi_send_flt_d(const float *buf, const float *buf_d, int count,
		      MPI_Datatype dt, int dest, int tag, MPI_Comm comm);
int ck_mpi_recv_flt_d(float *buf, float *buf_d, int count, MPI_Datatype dt,
		      int src, int tag, MPI_Comm comm, MPI_Status *st);
int ck_mpi_sendrecv_flt_d(const float *sbuf, const float *sbuf_d, int scount,
			  MPI_Datatype sdt, int dest, int stag, float *rbuf,
			  float *rbuf_d, int rcount, MPI_Datatype rdt, int src,
			  int rtag, MPI_Comm comm, MPI_Status *st);
int ck_mpi_bcast_flt_d(float *buf, float *buf_d, int count, MPI_Datatype dt,
		       int root, MPI_Comm comm);
int ck_mpi_reduce_flt_d(const float *sbuf, const float *sbuf_d, float *rbuf,
			float *rbuf_d, int count, MPI_Datatype dt, MPI_Op op,
			int root, MPI_Comm comm);
int ck_mpi_allreduce_flt_d(const float *sbuf, const float *sbuf_d, float *rbuf,
			   float *rbuf_d, int count, MPI_Datatype dt,
			   MPI_Op op, MPI_Comm comm);
int ck_mpi_reduce_inplace_flt_d(float *buf, float *buf_d, int count,
				MPI_Datatype dt, MPI_Op op, int root,
				MPI_Comm comm);
int ck_mpi_allreduce_inplace_flt_d(float *buf, float *buf_d, int count,
				   MPI_Datatype dt, MPI_Op op, MPI_Comm comm);

/* ------------------------------------------------------- float: adjoint */

void ck_mpi_send_flt_b(float *buf_b, int count, MPI_Datatype dt, int dest,
		       int tag, MPI_Comm comm);
void ck_mpi_recv_flt_b(float *buf_b, int count, MPI_Datatype dt, int src,
		       int tag, MPI_Comm comm);
void ck_mpi_sendrecv_flt_b(float *sbuf_b, int scount, MPI_Datatype sdt,
			   int dest, int stag, float *rbuf_b, int rcount,
			   MPI_Datatype rdt, int src, int rtag, MPI_Comm comm);
void ck_mpi_bcast_flt_b(float *buf_b, int count, MPI_Datatype dt, int root,
			MPI_Comm comm);
void ck_mpi_reduce_flt_b(float *sbuf_b, float *rbuf_b, int count,
			 MPI_Datatype dt, MPI_Op op, int root, MPI_Comm comm);
void ck_mpi_allreduce_flt_b(float *sbuf_b, float *rbuf_b, int count,
			    MPI_Datatype dt, MPI_Op op, MPI_Comm comm);
void ck_mpi_reduce_inplace_flt_b(float *buf_b, int count, MPI_Datatype dt,
				 MPI_Op op, int root, MPI_Comm comm);
void ck_mpi_allreduce_inplace_flt_b(float *buf_b, int count, MPI_Datatype dt,
				    MPI_Op op, MPI_Comm comm);

/* -------------------------------------------------- float: second order */

void ck_mpi_send_flt_b_d(float *buf_b, float *buf_bd, int count,
			 MPI_Datatype dt, int dest, int tag, MPI_Comm comm);
void ck_mpi_recv_flt_b_d(float *buf_b, float *buf_bd, int count,
			 MPI_Datatype dt, int src, int tag, MPI_Comm comm);
void ck_mpi_sendrecv_flt_b_d(float *sbuf_b, float *sbuf_bd, int scount,
			     MPI_Datatype sdt, int dest, int stag,
			     float *rbuf_b, float *rbuf_bd, int rcount,
			     MPI_Datatype rdt, int src, int rtag,
			     MPI_Comm comm);
void ck_mpi_bcast_flt_b_d(float *buf_b, float *buf_bd, int count,
			  MPI_Datatype dt, int root, MPI_Comm comm);
void ck_mpi_reduce_flt_b_d(float *sbuf_b, float *sbuf_bd, float *rbuf_b,
			   float *rbuf_bd, int count, MPI_Datatype dt,
			   MPI_Op op, int root, MPI_Comm comm);
void ck_mpi_allreduce_flt_b_d(float *sbuf_b, float *sbuf_bd, float *rbuf_b,
			      float *rbuf_bd, int count, MPI_Datatype dt,
			      MPI_Op op, MPI_Comm comm);
void ck_mpi_reduce_inplace_flt_b_d(float *buf_b, float *buf_bd, int count,
				   MPI_Datatype dt, MPI_Op op, int root,
				   MPI_Comm comm);
void ck_mpi_allreduce_inplace_flt_b_d(float *buf_b, float *buf_bd, int count,
				      MPI_Datatype dt, MPI_Op op,
				      MPI_Comm comm);

#ifdef __cplusplus
}
#endif

#endif
