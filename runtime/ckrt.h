/*
 * ckrt.h - the public interface of libckrt, the runtime of code written by
 * ckc.
 *
 * Generated code includes this header and calls only what it declares.  It
 * compiles as C99 (-std=c99 -Wall -Wextra -pedantic).  Everything public is
 * prefixed ck_; names ending in an underscore are internal to the inline fast
 * paths and may change.
 *
 *   Tape         a thread-local, typed stack (doubles, floats, integers and
 *                branch codes) for the reverse sweep of adjoint code
 *   Snapshots    storage for the inputs of checkpoint regions
 *   Shadows      zeroed shadow buffers of malloc'd active data
 *   Statistics   peak memory and recomputation counts (ck_stats)
 *   Allocator    one hook through which every allocation goes
 *
 * Threads: every thread has its own tape and its own statistics, so
 * derivative calls in different threads never interfere.  The allocator hook
 * is process-wide.
 *
 * Errors: running out of memory prints "ckrt: out of memory ..." with the
 * number of bytes requested to stderr and exits with status 1.  Popping from
 * an empty tape is a bug in the caller; it prints a message and aborts.
 */
#ifndef CKRT_H
#define CKRT_H

#include <stddef.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------ statistics */

typedef struct ck_stats {
	size_t peak_bytes; /* peak of tape + snapshot bytes together */
	size_t tape_peak_bytes;
	size_t snapshot_peak_bytes;
	unsigned long long recomputations; /* executions of checkpointed code
		beyond those an uncheckpointed run makes: 1 per region entry, and
		for a binomial loop its extra steps (Revolve's forward-step count) */
	size_t shadow_peak_bytes; /* peak of shadow buffer bytes (ck_shadow_alloc;
		not part of peak_bytes) */
	unsigned long long loop_steps; /* the trip count of the checkpointed
		loop (binomial, online, budget) whose schedule this thread made
		last: for an online loop, the steps its first sweep saw */
	int loop_snapshots; /* that loop's snapshot count K: as written, or as
		budget() chose it from the snapshot size */
} ck_stats;

/*
 * The statistics of the calling thread, combined with those of threads that
 * have exited since the last ck_stats_reset (peaks: the largest of any one
 * thread; recomputations: the sum).
 *
 * "In use" means tape entries pushed and not yet popped (and the scratch
 * buffers that hold entries taken off the tape, ck_scratch_alloc), and
 * snapshots allocated and not yet freed; the peaks are of those counts in
 * bytes.  They
 * are sampled when the tape adds a chunk, at ck_tape_note_peak, at
 * ck_snapshot_alloc and in ck_stats_get itself, so a peak is exact as long
 * as ck_tape_note_peak is called where the tape is at its highest (generated
 * code calls it where the forward sweep turns into the reverse sweep).
 */
void ck_stats_get(ck_stats *out);
/* Starts new statistics for the calling thread: the peaks become what is in
 * use now (usually 0), the recomputation count 0.  Also forgets the figures
 * of exited threads. */
void ck_stats_reset(void);
/* Counts n executions of checkpointed code (see ck_stats.recomputations). */
void ck_stats_add_recomputations(unsigned long long n);

/* CK_STATS=1 in the environment prints a one-paragraph summary of
 * ck_stats_get's figures to stderr at exit (the shadow buffer peak on a
 * line of its own, when there were shadow buffers). */

/* ------------------------------------------------------------- allocator */

/*
 * Every allocation of the runtime goes through one function, as in Lua:
 *   new_size > 0: return a block of new_size bytes holding the first
 *                 min(old_size, new_size) bytes of ptr (ptr may be NULL, then
 *                 old_size is 0), or NULL when out of memory;
 *   new_size == 0: free ptr (of old_size bytes) and return NULL.
 * Blocks must be aligned for any type, as malloc's are.
 */
typedef void *(*ck_alloc_fn)(void *ud, void *ptr, size_t old_size,
			     size_t new_size);

/* Installs fn (with its user data ud) as the allocator; NULL restores the
 * default (realloc and free).  Change it only while the runtime holds no
 * memory from the previous one: before the first use, or after
 * ck_tape_release on an empty tape with every snapshot freed. */
void ck_set_allocator(ck_alloc_fn fn, void *ud);
void ck_get_allocator(ck_alloc_fn *fn, void **ud);

/* ------------------------------------------------------------------ tape */

/*
 * The tape is four independent stacks, one per entry type: a sequence of
 * pushes undone in exactly the reverse order pops every value back whatever
 * the types were interleaved.  Each stack is a list of chunks: entries never
 * move, there is no fixed limit, and a chunk emptied by pops is kept for the
 * next pushes.  ck_tape_release frees the kept chunks; a thread's whole tape
 * is freed when the thread exits (the main thread's at process exit).
 *
 *   ck_push_d / ck_pop_d   double
 *   ck_push_f / ck_pop_f   float
 *   ck_push_i / ck_pop_i   long (indices, counts, integer values)
 *   ck_push_b / ck_pop_b   a branch code: an int in 0..255 (which way an
 *                          if went, how a loop ended); stored in one byte
 *   ck_push_p / ck_pop_p   a pointer (a local pointer into active data)
 *
 * The push and pop functions are inline: a pointer compare and a store or
 * load, with a call into the library only to change chunks.
 */
typedef struct ck_tape ck_tape;

/* The calling thread's tape.  Call it once per derivative function, not per
 * push.  Inline: a thread-local load, and a call into the library only the
 * first time in a thread. */
extern __thread ck_tape *ck_tape_self_;
ck_tape *ck_tape_get_(void);
#ifdef CKRT_BUILDING_
ck_tape *ck_tape_get(void);
#else
static inline ck_tape *ck_tape_get(void)
{
	ck_tape *t = ck_tape_self_;
	return t ? t : ck_tape_get_();
}
#endif

/* Records the bytes in use on t (and in snapshots) in the peak statistics.
 * Generated code calls it at every turn from a forward to a reverse sweep. */
void ck_tape_note_peak(ck_tape *t);

/* Recomputation depth of the calling thread.  A generated f_b raises it
 * around its reverse sweep, which runs checkpointed code again; stdio
 * output in forward-sweep code runs only when ck_recomputing() is 0, so it
 * prints once per call, as f does. */
void ck_recompute_enter(void);
void ck_recompute_leave(void);
int ck_recomputing(void);

/* Bytes of entries on t: pushed and not yet popped. */
size_t ck_tape_bytes(const ck_tape *t);

/* Frees the calling thread's chunks that hold no entries (all of them when
 * its tape is empty). */
void ck_tape_release(void);

/* Internal: one stack of the tape.  Chunks below the current one are full. */
struct ck_stack_ {
	char *top;    /* next free byte of the current chunk */
	char *limit;  /* end of the current chunk */
	char *base;   /* start of the current chunk */
	void *chunk;  /* the current chunk, NULL before the first push */
	size_t below; /* bytes in the chunks below the current one */
};

enum {
	CK_STACK_D_,
	CK_STACK_F_,
	CK_STACK_I_,
	CK_STACK_B_,
	CK_STACK_P_,
	CK_NSTACKS_
};

struct ck_tape {
	struct ck_stack_ s[CK_NSTACKS_];
};

/* Internal slow paths: move to the next chunk (allocating it if needed) or
 * back to the previous one. */
void ck_tape_grow_(ck_tape *t, int stack);
void ck_tape_shrink_(ck_tape *t, int stack);

#define CK_TAPE_PUSH_(t, k, T, v)                                             \
	do {                                                                  \
		struct ck_stack_ *s_ = &(t)->s[k];                            \
		if (s_->top == s_->limit)                                     \
			ck_tape_grow_((t), (k));                              \
		*(T *)(void *)s_->top = (v);                                  \
		s_->top += sizeof(T);                                         \
	} while (0)

#define CK_TAPE_POP_(t, k, T, out)                                            \
	do {                                                                  \
		struct ck_stack_ *s_ = &(t)->s[k];                            \
		if (s_->top == s_->base)                                      \
			ck_tape_shrink_((t), (k));                            \
		s_->top -= sizeof(T);                                         \
		(out) = *(T *)(void *)s_->top;                                \
	} while (0)

static inline void ck_push_d(ck_tape *t, double v)
{
	CK_TAPE_PUSH_(t, CK_STACK_D_, double, v);
}

static inline double ck_pop_d(ck_tape *t)
{
	double v;
	CK_TAPE_POP_(t, CK_STACK_D_, double, v);
	return v;
}

static inline void ck_push_f(ck_tape *t, float v)
{
	CK_TAPE_PUSH_(t, CK_STACK_F_, float, v);
}

static inline float ck_pop_f(ck_tape *t)
{
	float v;
	CK_TAPE_POP_(t, CK_STACK_F_, float, v);
	return v;
}

static inline void ck_push_i(ck_tape *t, long v)
{
	CK_TAPE_PUSH_(t, CK_STACK_I_, long, v);
}

static inline long ck_pop_i(ck_tape *t)
{
	long v;
	CK_TAPE_POP_(t, CK_STACK_I_, long, v);
	return v;
}

static inline void ck_push_b(ck_tape *t, int v)
{
	CK_TAPE_PUSH_(t, CK_STACK_B_, unsigned char, (unsigned char)v);
}

static inline int ck_pop_b(ck_tape *t)
{
	unsigned char v;
	CK_TAPE_POP_(t, CK_STACK_B_, unsigned char, v);
	return v;
}

static inline void ck_push_p(ck_tape *t, const void *v)
{
	CK_TAPE_PUSH_(t, CK_STACK_P_, const void *, v);
}

static inline void *ck_pop_p(ck_tape *t)
{
	const void *v;
	CK_TAPE_POP_(t, CK_STACK_P_, const void *, v);
	return (void *)v;
}

/* Several doubles (or floats) at once, for consecutive pushes or pops of
 * straight-line code:
 *
 *   double *p = ck_reserve_d(t, n);  p[0] = a; ... p[n - 1] = z;
 *
 * is n pushes (a first), and
 *
 *   double buf[n];  const double *q = ck_release_d(t, n, buf);
 *
 * is n pops: q[n - 1] is the last value pushed, q[0] the first.  The
 * entries of a reservation are contiguous; the caller fills them before it
 * pushes or pops anything else, and reads what a release gives before it
 * pushes anything.  n * sizeof(double) is at most CK_RESERVE_MAX_ bytes. */
#define CK_RESERVE_MAX_ 1024
void ck_tape_reserve_(ck_tape *t, int stack, size_t bytes);
/* Internal: the bulk pushes and pops below, across chunks. */
void ck_push_nd_(ck_tape *t, const double *p, size_t n);
void ck_pop_nd_(ck_tape *t, double *p, size_t n);
void ck_push_nf_(ck_tape *t, const float *p, size_t n);
void ck_pop_nf_(ck_tape *t, float *p, size_t n);

#define CK_RESERVE_(NAME, T, K)                                               \
	static inline T *NAME(ck_tape *t, size_t n)                           \
	{                                                                     \
		struct ck_stack_ *s_ = &t->s[K];                              \
		size_t bytes_ = n * sizeof(T);                                \
		T *p_;                                                        \
		if ((size_t)(s_->limit - s_->top) < bytes_)                   \
			ck_tape_reserve_(t, K, bytes_);                       \
		p_ = (T *)(void *)s_->top;                                    \
		s_->top += bytes_;                                            \
		return p_;                                                    \
	}
#define CK_RELEASE_(NAME, T, K, POP)                                          \
	static inline const T *NAME(ck_tape *t, size_t n, T *buf)             \
	{                                                                     \
		struct ck_stack_ *s_ = &t->s[K];                              \
		size_t bytes_ = n * sizeof(T);                                \
		if ((size_t)(s_->top - s_->base) < bytes_) {                  \
			POP(t, buf, n);                                       \
			return buf;                                           \
		}                                                             \
		s_->top -= bytes_;                                            \
		return (const T *)(const void *)s_->top;                      \
	}
CK_RESERVE_(ck_reserve_d, double, CK_STACK_D_)
CK_RELEASE_(ck_release_d, double, CK_STACK_D_, ck_pop_nd_)
CK_RESERVE_(ck_reserve_f, float, CK_STACK_F_)
CK_RELEASE_(ck_release_f, float, CK_STACK_F_, ck_pop_nf_)

/* A block of n doubles (floats) on the tape at once, for a loop whose
 * iterations each record the same number of values: each iteration writes
 * and reads entries of its own, so the iterations may run in any order and
 * on any thread (a parallel loop):
 *
 *   double *b = ck_block_push_d(t, n);   b[0] = ...; ... b[n - 1] = ...;
 *   double *b = ck_block_pop_d(t, n);    ... = b[k]; ...
 *
 * The push is n pushes, b[0] first; it may be filled after later pushes.
 * The pop takes back the n entries of a block pushed last on that stack
 * (the same n), which stay readable until the next push.  Any n: a block
 * larger than the tape's chunks gets a chunk of its own. */
double *ck_block_push_d(ck_tape *t, size_t n);
double *ck_block_pop_d(ck_tape *t, size_t n);
float *ck_block_push_f(ck_tape *t, size_t n);
float *ck_block_pop_f(ck_tape *t, size_t n);

/* n values at once (a local array that a callee reads, saved once
 * instead of at every read): ck_pop_nd(t, p, n) puts back in p[0..n) what
 * ck_push_nd(t, p, n) pushed.  p NULL pushes zeros (as a block, which
 * ck_block_pop_d may take back too), or drops the values.
 * Inline where the values fit in the current chunk (a copy), else a call
 * into the library. */
#ifdef CKRT_BUILDING_
void ck_push_nd(ck_tape *t, const double *p, size_t n);
void ck_pop_nd(ck_tape *t, double *p, size_t n);
void ck_push_nf(ck_tape *t, const float *p, size_t n);
void ck_pop_nf(ck_tape *t, float *p, size_t n);
#else
#define CK_PUSH_N_(NAME, T, K)                                                \
	static inline void NAME(ck_tape *t, const T *p, size_t n)             \
	{                                                                     \
		struct ck_stack_ *s_ = &t->s[K];                              \
		if (!p || (size_t)(s_->limit - s_->top) < n * sizeof(T)) {    \
			NAME##_(t, p, n);                                     \
			return;                                               \
		}                                                             \
		memcpy(s_->top, p, n * sizeof(T));                            \
		s_->top += n * sizeof(T);                                     \
	}
#define CK_POP_N_(NAME, T, K)                                                 \
	static inline void NAME(ck_tape *t, T *p, size_t n)                   \
	{                                                                     \
		struct ck_stack_ *s_ = &t->s[K];                              \
		if (!p || (size_t)(s_->top - s_->base) < n * sizeof(T)) {     \
			NAME##_(t, p, n);                                     \
			return;                                               \
		}                                                             \
		s_->top -= n * sizeof(T);                                     \
		memcpy(p, s_->top, n * sizeof(T));                            \
	}
CK_PUSH_N_(ck_push_nd, double, CK_STACK_D_)
CK_POP_N_(ck_pop_nd, double, CK_STACK_D_)
CK_PUSH_N_(ck_push_nf, float, CK_STACK_F_)
CK_POP_N_(ck_pop_nf, float, CK_STACK_F_)
#endif

/* A scratch buffer of n doubles (floats) (never NULL; n may be 0), for
 * values a reverse sweep takes off the tape when their count is known only
 * at run time (a loop's copy of an array: ck_pop_nd into it).  Counted
 * with the tape in the statistics until ck_scratch_free_d (_f), which
 * must be given the same n and be called by the same thread.  A thread
 * keeps a few freed buffers for reuse (ck_tape_release frees them). */
double *ck_scratch_alloc_d(size_t n);
void ck_scratch_free_d(double *p, size_t n);
float *ck_scratch_alloc_f(size_t n);
void ck_scratch_free_f(float *p, size_t n);

/* ------------------------------------------------------------- snapshots */

/* Storage for a checkpoint's saved inputs: bytes bytes aligned for any type
 * (never NULL; bytes may be 0).  Counted in the snapshot statistics until
 * ck_snapshot_free, which must be given the same size and be called by the
 * same thread. */
void *ck_snapshot_alloc(size_t bytes);
void ck_snapshot_free(void *p, size_t bytes);

/* A checkpoint: the saved inputs of a region, in the order they were
 * saved, read back in the same order.  Its bytes count as snapshot bytes.
 * Generated code saves variables with CK_SAVE and arrays behind pointers
 * with CK_SAVE_N, and reads them back with CK_LOAD / CK_LOAD_N after
 * ck_snap_rewind.  ck_snap_save(s, NULL, bytes) saves zeros, and
 * ck_snap_load(s, NULL, bytes) skips bytes: second-order code saves the
 * tangent of every floating value, zeros where a value has none
 * (CK_SAVE_ZERO), and skips what it does not need (CK_SKIP). */
typedef struct ck_snap ck_snap;
ck_snap *ck_snap_new(void);
void ck_snap_free(ck_snap *s);

/* Internal: a snapshot's buffer.  The statistics count its size in whole
 * 64-byte lines, so a save that stays inside the lines counted so far is a
 * copy, and only one that starts a line calls into the library. */
struct ck_snap {
	unsigned char *data;
	size_t size, cap, pos; /* cap: bytes allocated for data */
};
void *ck_snap_save_at_(ck_snap *s, size_t bytes);
void ck_snap_save_(ck_snap *s, const void *p, size_t bytes);
const void *ck_snap_load_at_(ck_snap *s, size_t bytes);
void ck_snap_load_(ck_snap *s, void *p, size_t bytes);
#define CK_SNAP_FITS_(s, bytes)                                               \
	((bytes) != 0 && (s)->size + (bytes) <= ((s)->size + 63) / 64 * 64)

/* Where the next bytes saved go (then written by the caller), and where
 * the next bytes loaded are (valid until the next save or free).  Inline
 * where the bytes fit, as above, and for a load, where they were saved. */
#ifdef CKRT_BUILDING_
void ck_snap_save(ck_snap *s, const void *p, size_t bytes);
void ck_snap_load(ck_snap *s, void *p, size_t bytes);
void ck_snap_rewind(ck_snap *s);
void *ck_snap_save_at(ck_snap *s, size_t bytes);
const void *ck_snap_load_at(ck_snap *s, size_t bytes);
#else
static inline void *ck_snap_save_at(ck_snap *s, size_t bytes)
{
	void *at;

	if (!CK_SNAP_FITS_(s, bytes))
		return ck_snap_save_at_(s, bytes);
	at = s->data + s->size;
	s->size += bytes;
	return at;
}

static inline void ck_snap_save(ck_snap *s, const void *p, size_t bytes)
{
	if (!CK_SNAP_FITS_(s, bytes)) {
		ck_snap_save_(s, p, bytes);
		return;
	}
	if (p)
		memcpy(s->data + s->size, p, bytes);
	else
		memset(s->data + s->size, 0, bytes);
	s->size += bytes;
}

static inline const void *ck_snap_load_at(ck_snap *s, size_t bytes)
{
	const void *at;

	if (!bytes || s->pos + bytes > s->size)
		return ck_snap_load_at_(s, bytes);
	at = s->data + s->pos;
	s->pos += bytes;
	return at;
}

static inline void ck_snap_load(ck_snap *s, void *p, size_t bytes)
{
	if (!bytes || s->pos + bytes > s->size) {
		ck_snap_load_(s, p, bytes);
		return;
	}
	if (p)
		memcpy(p, s->data + s->pos, bytes);
	s->pos += bytes;
}

static inline void ck_snap_rewind(ck_snap *s)
{
	s->pos = 0;
}
#endif
#define CK_SAVE(s, v) ck_snap_save((s), &(v), sizeof(v))
#define CK_LOAD(s, v) ck_snap_load((s), &(v), sizeof(v))
#if defined(_OPENMP) && !defined(CKRT_BUILDING_)
/* Compiled with OpenMP, an array of CK_PAR_COPY_MIN_ bytes or more is
 * copied by the threads, a slice each (a serial copy is most of a
 * parallel time loop's checkpointing otherwise). */
#define CK_PAR_COPY_MIN_ ((size_t)1 << 20)
int omp_get_thread_num(void);
int omp_get_num_threads(void);
static inline void ck_par_copy_(void *to, const void *from, size_t bytes)
{
	if (bytes < CK_PAR_COPY_MIN_) {
		memcpy(to, from, bytes);
		return;
	}
	_Pragma("omp parallel")
	{
		size_t n_ = (size_t)omp_get_num_threads();
		size_t k_ = (size_t)omp_get_thread_num();
		/* slices of whole 64-byte lines */
		size_t per_ = (bytes / n_ + 63) / 64 * 64;
		size_t at_ = k_ * per_ < bytes ? k_ * per_ : bytes;
		size_t len_ = bytes - at_ < per_ ? bytes - at_ : per_;
		memcpy((char *)to + at_, (const char *)from + at_, len_);
	}
}
#define CK_SAVE_N(s, p, n)                                                    \
	ck_par_copy_(ck_snap_save_at((s), (size_t)(n) * sizeof *(p)), (p),   \
		     (size_t)(n) * sizeof *(p))
#define CK_LOAD_N(s, p, n)                                                    \
	ck_par_copy_((p), ck_snap_load_at((s), (size_t)(n) * sizeof *(p)),   \
		     (size_t)(n) * sizeof *(p))
#else
#define CK_SAVE_N(s, p, n) ck_snap_save((s), (p), (size_t)(n) * sizeof *(p))
#define CK_LOAD_N(s, p, n) ck_snap_load((s), (p), (size_t)(n) * sizeof *(p))
#endif
#define CK_SAVE_ZERO(s, v) ck_snap_save((s), NULL, sizeof(v))
#define CK_SKIP(s, v) ck_snap_load((s), NULL, sizeof(v))
#define CK_SAVE_ZERO_N(s, p, n) ck_snap_save((s), NULL, (size_t)(n) * sizeof *(p))
#define CK_SKIP_N(s, p, n) ck_snap_load((s), NULL, (size_t)(n) * sizeof *(p))

/* --------------------------------------------------------------- shadows */

/*
 * The shadow of a buffer that differentiated code allocates (malloc, calloc,
 * realloc): bytes zeroed bytes aligned for any type, counted in the shadow
 * statistics (shadow_peak_bytes) of the calling thread until
 * ck_shadow_free.  The size is kept in a small header, so
 * ck_shadow_realloc keeps the first min(old, new) bytes and zeroes the
 * grown tail.  ck_shadow_alloc(0) and ck_shadow_realloc(p, 0) return NULL;
 * ck_shadow_free(NULL) does nothing.  Out of memory exits as above.
 *
 * The reverse sweep of a realloc gives the old buffer's shadow back:
 * ck_shadow_unrealloc(p, old) returns a new shadow of old bytes holding the
 * first min(old, size of p) bytes of p (the rest zero) and frees p.
 *
 * ck_shadow_dup(p, bytes) is ck_shadow_realloc that leaves p allocated (the
 * shadow of ck_fwd_realloc's result, below).
 *
 * ck_fwd_realloc(p, old, bytes) is realloc for a forward sweep that must
 * keep the old buffer alive for the reverse sweep: a new malloc'd block of
 * bytes holding the first min(old, bytes) bytes of p, leaving p allocated
 * (it is freed with free() where the reverse sweep is done with it);
 * NULL when bytes is 0 or out of memory, as realloc.
 */
void *ck_shadow_alloc(size_t bytes);
void *ck_shadow_realloc(void *p, size_t bytes);
void *ck_shadow_unrealloc(void *p, size_t old_bytes);
void *ck_shadow_dup(const void *p, size_t bytes);
void ck_shadow_free(void *p);
/* The byte size of shadow p (0 for NULL). */
size_t ck_shadow_size(const void *p);
void *ck_fwd_realloc(void *p, size_t old_bytes, size_t bytes);

/* ---------------------------------------------------------------- revolve */

/* The binomial checkpointing schedule of Griewank and Walther (Revolve)
 * for reversing `steps` steps of a loop with at most `snaps` checkpoints
 * of its state.  Generated code asks for the next action and does it:
 *
 *   CK_RV_TAKESHOT  save the state (of step ck_revolve_step) into
 *                   ck_revolve_snap
 *   CK_RV_RESTORE   load the state from ck_revolve_snap (rewound); the
 *                   state is then that of step ck_revolve_step
 *   CK_RV_ADVANCE   run steps, untaped, until step ck_revolve_step
 *   CK_RV_TAPED     run one step taped (the forward sweep of the step)
 *   CK_RV_REVERSE   run the reverse sweep of the step just taped
 *   CK_RV_DONE      all steps are reversed
 *
 * The steps run by CK_RV_ADVANCE number exactly t*l - C(s+t, t-1) for l
 * steps, s snapshots and the smallest t with C(s+t, s) >= l (the optimum);
 * the generated code adds them to the recomputation statistics.  The
 * checkpoints are snapshot bytes. */
typedef struct ck_revolve ck_revolve;
enum {
	CK_RV_TAKESHOT,
	CK_RV_RESTORE,
	CK_RV_ADVANCE,
	CK_RV_TAPED,
	CK_RV_REVERSE,
	CK_RV_DONE
};
ck_revolve *ck_revolve_new(long steps, int snaps);
/*
 * online(K): a loop whose trip count is not known when it starts.
 * ck_revolve_online(snaps) makes the schedule; the loop's first sweep runs
 * its steps untaped and calls ck_revolve_take at the start of each: when it
 * returns 1, the state of that step is saved into ck_revolve_snap (step 0's
 * always is).  At most snaps are held: every step while there is room,
 * then a step is held, and an earlier snapshot let go, when that makes the
 * reverse sweep cheaper were the loop to end after the step (Revolve's cost
 * of each stretch between two snapshots, keeping every step's runs within
 * Revolve's repetition number plus one).  ck_revolve_end closes the first
 * sweep (its steps count as recomputations); ck_revolve_next then gives the
 * reverse sweep: from the last snapshot back to the first, each stretch
 * between two is reversed by Revolve with every snapshot not holding an
 * earlier stretch.
 *
 * budget: ck_revolve_budget(steps, bytes) and ck_revolve_online_budget(bytes)
 * are ck_revolve_new and ck_revolve_online with the snapshot count chosen
 * once the first snapshot is saved: the most whose snapshots and
 * bookkeeping fit in bytes (CK_BUDGET in the environment, with an optional
 * K, M or G suffix, overrides bytes), and for an online schedule at most
 * 256, since ck_revolve_take weighs every snapshot at every step.  A budget
 * too small for one snapshot stops the program with a message.
 */
ck_revolve *ck_revolve_online(int snaps);
/*
 * disk(D): up to disk more snapshots in files (under CK_DISK_DIR, else
 * TMPDIR, else /tmp), written once the generated code has saved them
 * (at the next ck_revolve_next) and read back when restored; memory holds
 * at most snaps.  ck_revolve_disk: the first sweep saves the starts of up
 * to D + 1 equal stretches of the steps, all but the last to files, and
 * Revolve reverses each stretch in memory: every file is written once and
 * read once.  ck_revolve_online_disk: the online placement over snaps +
 * disk snapshots, the earliest in files.  Files go when the schedule is
 * done with them, when it is freed, and at exit; one that cannot be
 * written or read stops the program with a message.
 */
ck_revolve *ck_revolve_disk(long steps, int snaps, int disk);
ck_revolve *ck_revolve_online_disk(int snaps, int disk);
ck_revolve *ck_revolve_budget(long steps, size_t bytes);
ck_revolve *ck_revolve_online_budget(size_t bytes);
int ck_revolve_take(ck_revolve *r);
void ck_revolve_end(ck_revolve *r);
/* The trip count (steps) and the snapshot count of r's schedule (for a
 * budget, 0 until the first snapshot is saved). */
long ck_revolve_steps(const ck_revolve *r);
int ck_revolve_snaps(const ck_revolve *r);
int ck_revolve_next(ck_revolve *r);
long ck_revolve_step(const ck_revolve *r);
ck_snap *ck_revolve_snap(ck_revolve *r);
void ck_revolve_free(ck_revolve *r);

/* ------------------------------------------------ dense Jacobian, Hessian */

/*
 * Whole derivative matrices from the vector-mode functions ckc writes
 * (ck_tangent ... vector: f_dv; ck_hvp ... vector: f_b_dv), called through
 * a wrapper of the shape below that passes ctx on to the caller's data.
 * Both seed the identity in chunks: call c gets the unit vectors
 * e_{c*nd} ... e_{c*nd+cnt-1} as its directions, with cnt = min(nd, n -
 * c*nd) passed as its nd (the last chunk, of n mod nd directions when that
 * is not 0, has its own element-major stride).  An nd larger than n is
 * taken as n: ceil(n / min(nd, n)) calls in all.  Scratch memory (seeds,
 * outputs) is allocated once per call through the allocator hook and freed
 * before returning; running out of it is reported like every other
 * allocation (see the top of this file).  Nothing is kept between calls,
 * so different threads may use them at once.
 */

/* The function whose Jacobian ck_jacobian computes, in the shape of an
 * f_dv: from x (n values) and nd tangent directions x_dv (element-major,
 * x_dv[i * nd + k]), writes y (m values) and y_dv (y_dv[j * nd + k]).
 * ctx is the caller's. */
typedef void ck_jacobian_fn(void *ctx, const double *x, const double *x_dv,
			    double *y, double *y_dv, int nd);
/* Fills J (m x n, row-major: J[j * n + i] = dy_j/dx_i) and, when y is not
 * NULL, y = f(x) (m values), with ceil(n / nd) calls of f in chunks of nd
 * identity directions (the last chunk has n mod nd).  Returns 0, or -1
 * with errno EINVAL when n, m or nd is not positive or f, x or J is NULL
 * (then f is not called). */
int ck_jacobian(ck_jacobian_fn *f, void *ctx, int n, int m, const double *x,
		int nd, double *y, double *J);

/* The function whose Hessian ck_hessian computes, in the shape of an f_b_dv
 * called with ret_b = 1 and ret_bdv = 0: adds the gradient to x_b (n) and
 * H x_dv[., k] to x_bdv[i * nd + k].  ck_hessian zeroes x_b and x_bdv before
 * each call. */
typedef void ck_hessian_fn(void *ctx, const double *x, const double *x_dv,
			   double *x_b, double *x_bdv, int nd);
/* Fills H (n x n, row-major, H[i * n + j] = d2f/dx_i dx_j) and, when g is
 * not NULL, the gradient g (n values), in ceil(n / nd) calls.  Column j of
 * H is H e_j exactly as f gives it: H is not symmetrised.  Same return as
 * ck_jacobian (EINVAL when n or nd is not positive or f, x or H is NULL). */
int ck_hessian(ck_hessian_fn *f, void *ctx, int n, const double *x, int nd,
	       double *g, double *H);

/*
 * Sparse Jacobians and Hessians from a sparsity pattern the caller gives:
 * the nnz entries (rows[e], cols[e]).  Columns that have no nonzero row in
 * common share one direction (a greedy colouring of the columns, in
 * order), so a banded or block-sparse matrix takes a few directions
 * whatever n is: p colours, in ceil(p / nd) calls of f.  Each entry's
 * value is read directly from the direction of its column's colour:
 * vals[e] = J[rows[e]][cols[e]], the same number ck_jacobian gives when f
 * adds exact zeros for the other columns (as the code ckc writes does for
 * finite values).  The pattern must hold every entry that may be nonzero
 * at x: one left out adds its value to an entry of its row whose column
 * shares its colour.  An entry listed twice is filled twice; columns of no
 * entry get no direction.  Both return p (0 when nnz is 0: f is then
 * called once, with one zero direction, only when y or g is wanted), or
 * -1 with errno EINVAL when n, m or nd is not positive, nnz is negative,
 * f or x is NULL, rows, cols or vals is NULL with nnz > 0, or an index is
 * out of range (then f is not called).
 */
int ck_jacobian_sparse(ck_jacobian_fn *f, void *ctx, int n, int m,
		       const double *x, int nd, int nnz, const int *rows,
		       const int *cols, double *y, double *vals);
/* The same for a Hessian (n x n).  The pattern is taken as symmetric: it
 * may list one triangle, both, or any mix; every listed (i, j) also counts
 * as (j, i) for the colouring, and vals[e] is H[rows[e]][cols[e]], column
 * cols[e] as f gives it (not symmetrised). */
int ck_hessian_sparse(ck_hessian_fn *f, void *ctx, int n, const double *x,
		      int nd, int nnz, const int *rows, const int *cols,
		      double *g, double *vals);

/* ------------------------------------------------------ OpenMP team order */

/*
 * A parallel loop that a forward sweep runs serially (its iterations
 * record on the tape) runs its iterations thread by thread, each thread's
 * reductions into partials joined in thread order, as the tangent's
 * parallel loop reduces them (compiler/omp.c, omp_serial_order): the
 * adjoint then returns the tangent's result, bit for bit.
 *
 * ck_omp_split(n, sched) lets the team of a parallel region entered now
 * take the iterations 0 .. n - 1 of a loop with schedule(static) (sched
 * 1) or with no schedule clause (sched 0), each thread noting its own,
 * and returns how they split: 0 when they do not split as either of the
 * two ways of libgomp and libomp (thread t of nt takes t * q + min(t, r)
 * .. for q = n / nt and r = n % nt; or t * c .. for c = n / nt rounded
 * up), or without OpenMP.  ck_omp_threads(split) is the team's size (1
 * for 0), and thread t takes the iterations ck_omp_lo(n, split, t) ..
 * ck_omp_lo(n, split, t + 1) - 1 (split 0: 0 .. n - 1, for t = 0).  Both
 * are functions of their arguments only, so that every iteration is
 * taken once, whatever the team did.
 */
static inline int ck_omp_threads(int split)
{
	return split ? split / 4 : 1;
}

static inline long ck_omp_lo(long n, int split, int t)
{
	long nt = split / 4, q, r, c;
	if (n <= 0 || t <= 0)
		return 0;
	if (!split || t >= nt)
		return n;
	if (split % 4 == 1) {
		q = n / nt;
		r = n % nt;
		return t * q + (t < r ? t : r);
	}
	c = (n + nt - 1) / nt;
	return t * c < n ? t * c : n;
}

#if defined(_OPENMP) && !defined(CKRT_BUILDING_)
#define CK_OMP_MAX_ 512
/* Thread ck_omp_split's loop took iteration i: the first (*f), the count
 * (*cnt), and whether they are not one range (*gap). */
static inline void ck_omp_took_(long i, long *f, long *last, long *cnt,
				int *gap)
{
	if (*f < 0)
		*f = i;
	else if (i != *last + 1)
		*gap = 1;
	*last = i;
	(*cnt)++;
}

static inline int ck_omp_split(long n, int sched)
{
	long first_[CK_OMP_MAX_], count_[CK_OMP_MAX_];
	int gaps_[CK_OMP_MAX_];
	int nt_ = 0, split_ = 0;
	if (n < 0)
		n = 0;
	_Pragma("omp parallel")
	{
		int k_ = omp_get_thread_num();
		long f_ = -1, last_ = -1, cnt_ = 0;
		int gap_ = 0;
		/* clang-format off */
		if (sched) {
			_Pragma("omp for schedule(static)")
			for (long i_ = 0; i_ < n; i_++)
				ck_omp_took_(i_, &f_, &last_, &cnt_, &gap_);
		} else {
			_Pragma("omp for")
			for (long i_ = 0; i_ < n; i_++)
				ck_omp_took_(i_, &f_, &last_, &cnt_, &gap_);
		}
		/* clang-format on */
		if (k_ == 0)
			nt_ = omp_get_num_threads();
		if (k_ < CK_OMP_MAX_) {
			first_[k_] = f_;
			count_[k_] = cnt_;
			gaps_[k_] = gap_;
		}
	}
	if (nt_ < 1 || nt_ > CK_OMP_MAX_)
		return 0;
	for (int way_ = 1; way_ <= 2 && !split_; way_++) {
		int s_ = nt_ * 4 + way_, t_;
		for (t_ = 0; t_ < nt_; t_++) {
			long lo_ = ck_omp_lo(n, s_, t_);
			long hi_ = ck_omp_lo(n, s_, t_ + 1);
			if (gaps_[t_] || count_[t_] != hi_ - lo_ ||
			    (count_[t_] && first_[t_] != lo_))
				break;
		}
		if (t_ == nt_)
			split_ = s_;
	}
	return split_;
}
#else
static inline int ck_omp_split(long n, int sched)
{
	(void)n;
	(void)sched;
	return 0;
}
#endif

/* ------------------------------------------------------ special functions */

/*
 * The derivatives of lgamma and tgamma (compiler/rules.def): the digamma
 * function psi = (log Gamma)' and the trigamma function psi' (for second
 * order), to about 1e-15 relative error away from their poles and from
 * psi's zero at 1.4616... (where the error is about 1e-16 absolute).  At
 * the poles (0, -1, -2, ...) they return NaN; at +inf, psi is +inf and
 * psi' 0; NaN gives NaN.  The float versions compute in double.
 */
double ck_digamma(double x);
float ck_digammaf(float x);
double ck_trigamma(double x);
float ck_trigammaf(float x);

/*
 * modf and frexp also write through a pointer; ckc splits them into what
 * they store and what they return (compiler/normalize.c): modf(a, &ip)
 * into ip = trunc(a) and ck_modf_frac(a), whose derivative is 1;
 * frexp(a, &e) into e = ck_frexp_exp(a) and ldexp(a, -e).  Both give the
 * library's numbers: ck_modf_frac is modf's fractional part (with its
 * sign of zero, and 0 for infinities) and ck_frexp_exp frexp's exponent.
 */
double ck_modf_frac(double x);
float ck_modf_fracf(float x);
int ck_frexp_exp(double x);
int ck_frexp_expf(float x);

#ifdef __cplusplus
}
#endif

#endif
