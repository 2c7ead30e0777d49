/*
 * ckrt.c - libckrt: the tape's slow paths, snapshots, statistics and the
 * allocator hook.  The fast paths (push, pop) are inline in ckrt.h.
 *
 * Every thread has one `struct thread` in thread-local storage: its tape and
 * its statistics.  A pthread key destructor frees a thread's chunks when it
 * exits and folds its statistics into `exited`, the one piece of shared
 * state besides the allocator hook.
 *
 * Memory policy: every block comes from the allocator hook; chunks live
 * until ck_tape_release or thread exit, snapshots until ck_snapshot_free.
 *
 * Compiled as gnu11 for __thread and the constructor attribute.
 */
#define CKRT_BUILDING_ 1
#include "ckrt.h"

#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/* Chunk payload sizes: the first chunk of a stack holds CHUNK_MIN bytes,
 * each newly allocated one twice the previous, up to CHUNK_MAX.  Both are
 * multiples of every entry size, so single pushes fill a chunk exactly; a
 * reservation (ck_reserve_d) that does not fit in what is left moves on to
 * the next chunk, and the chunk it leaves records where its entries end.
 * CK_RESERVE_MAX_ (ckrt.h) bytes always fit in an empty chunk. */
#define CHUNK_MIN ((size_t)4096)
#define CHUNK_MAX ((size_t)1 << 20)

typedef struct chunk {
	struct chunk *prev, *next; /* below / above (kept for reuse) */
	size_t cap;                /* payload bytes */
	size_t used;               /* bytes of entries, once the stack moved
				      on to the chunk above */
	max_align_t payload[];
} chunk;

/* How many freed snapshots a thread keeps for reuse, and the largest
 * buffer it keeps; how many freed scratch buffers. */
enum { CK_SNAP_CACHE = 4, CK_SNAP_CACHE_BYTES = 4096, CK_SCRATCH_CACHE = 8 };

/* The header of a scratch buffer: its capacity. */
typedef union scratch_head {
	size_t cap;
	max_align_t align;
} scratch_head;

/* A thread's runtime state; the tape comes first so that a ck_tape * is a
 * struct thread *. */
typedef struct thread {
	ck_tape tape;
	int registered;    /* the key destructor is armed */
	size_t snap_bytes; /* snapshot bytes in use */
	size_t tape_peak, snap_peak, peak;
	size_t shadow_bytes, shadow_peak; /* ck_shadow_alloc'd bytes */
	unsigned long long recomputations;
	unsigned long long
		loop_steps; /* ck_stats's loop_steps, loop_snapshots */
	int loop_snaps;
	int recomputing;   /* depth of ck_recompute_enter */
	/* Freed snapshots kept for reuse (see ck_snap_free), with their
	 * buffers; not counted as in use. */
	struct ck_snap *snap_cache[CK_SNAP_CACHE];
	int nsnap_cache;
	/* Scratch buffers in use (counted with the tape), and freed ones kept
	 * for reuse (see ck_scratch_alloc). */
	size_t scratch_bytes;
	union scratch_head *scratch_cache[CK_SCRATCH_CACHE];
	int nscratch_cache;
} thread;

static __thread thread self;

/* The calling thread's tape, once registered (ckrt.h's ck_tape_get reads
 * it inline). */
__thread ck_tape *ck_tape_self_;

/* Figures of threads that exited since the last reset. */
static pthread_mutex_t exited_lock = PTHREAD_MUTEX_INITIALIZER;
static ck_stats exited;
static pthread_key_t thread_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

/* ------------------------------------------------------------- allocator */

static void *default_alloc(void *ud, void *ptr, size_t old_size,
			   size_t new_size)
{
	(void)ud;
	(void)old_size;
	if (new_size == 0) {
		free(ptr);
		return NULL;
	}
	return realloc(ptr, new_size);
}

static ck_alloc_fn alloc_fn = default_alloc;
static void *alloc_ud;

void ck_set_allocator(ck_alloc_fn fn, void *ud)
{
	alloc_fn = fn ? fn : default_alloc;
	alloc_ud = fn ? ud : NULL;
}

void ck_get_allocator(ck_alloc_fn *fn, void **ud)
{
	if (fn)
		*fn = alloc_fn;
	if (ud)
		*ud = alloc_ud;
}

/* Allocates size bytes or exits with a message naming what needed them. */
static void *xalloc(size_t size, const char *what)
{
	void *p = alloc_fn(alloc_ud, NULL, 0, size);

	if (!p) {
		fprintf(stderr,
			"ckrt: out of memory %s (%zu bytes requested)\n", what,
			size);
		exit(1);
	}
	return p;
}

static void xfree(void *p, size_t size)
{
	if (p)
		alloc_fn(alloc_ud, p, size, 0);
}

/* ------------------------------------------------------------ statistics */

static size_t tape_bytes(const ck_tape *t)
{
	size_t n = 0;
	int k;

	for (k = 0; k < CK_NSTACKS_; k++)
		n += t->s[k].below + (size_t)(t->s[k].top - t->s[k].base);
	return n;
}

size_t ck_tape_bytes(const ck_tape *t)
{
	return tape_bytes(t);
}

/* Samples what th has in use into its peaks (scratch buffers hold values
 * taken off the tape, and count with it). */
static void note_peak(thread *th)
{
	size_t tb = tape_bytes(&th->tape) + th->scratch_bytes;

	if (tb > th->tape_peak)
		th->tape_peak = tb;
	if (th->snap_bytes > th->snap_peak)
		th->snap_peak = th->snap_bytes;
	if (tb + th->snap_bytes > th->peak)
		th->peak = tb + th->snap_bytes;
}

static size_t max_size(size_t a, size_t b)
{
	return a > b ? a : b;
}

void ck_recompute_enter(void)
{
	self.recomputing++;
}

void ck_recompute_leave(void)
{
	self.recomputing--;
}

int ck_recomputing(void)
{
	return self.recomputing;
}

void ck_tape_note_peak(ck_tape *t)
{
	note_peak((thread *)t);
}

void ck_stats_get(ck_stats *out)
{
	note_peak(&self);
	pthread_mutex_lock(&exited_lock);
	out->peak_bytes = max_size(self.peak, exited.peak_bytes);
	out->tape_peak_bytes =
		max_size(self.tape_peak, exited.tape_peak_bytes);
	out->snapshot_peak_bytes =
		max_size(self.snap_peak, exited.snapshot_peak_bytes);
	out->recomputations = self.recomputations + exited.recomputations;
	out->shadow_peak_bytes =
		max_size(self.shadow_peak, exited.shadow_peak_bytes);
	out->loop_steps =
		self.loop_snaps ? self.loop_steps : exited.loop_steps;
	out->loop_snapshots =
		self.loop_snaps ? self.loop_snaps : exited.loop_snapshots;
	pthread_mutex_unlock(&exited_lock);
}

void ck_stats_reset(void)
{
	self.tape_peak = self.snap_peak = self.peak = 0;
	self.shadow_peak = self.shadow_bytes;
	self.recomputations = 0;
	self.loop_steps = 0;
	self.loop_snaps = 0;
	note_peak(&self);
	pthread_mutex_lock(&exited_lock);
	memset(&exited, 0, sizeof exited);
	pthread_mutex_unlock(&exited_lock);
}

void ck_stats_add_recomputations(unsigned long long n)
{
	self.recomputations += n;
}

/* Prints the CK_STATS=1 summary (registered with atexit). */
static void print_stats(void)
{
	ck_stats st;

	ck_stats_get(&st);
	fprintf(stderr,
		"ckrt stats: peak derivative memory %zu bytes (tape peak %zu "
		"bytes, snapshot peak %zu bytes), %llu recomputations.\n",
		st.peak_bytes, st.tape_peak_bytes, st.snapshot_peak_bytes,
		st.recomputations);
	if (st.shadow_peak_bytes)
		fprintf(stderr, "ckrt stats: shadow buffer peak %zu bytes.\n",
			st.shadow_peak_bytes);
}

__attribute__((constructor)) static void stats_at_exit(void)
{
	const char *e = getenv("CK_STATS");

	if (e && *e && strcmp(e, "0") != 0)
		atexit(print_stats);
}

/* ---------------------------------------------------------------- thread */

static void free_stack(struct ck_stack_ *s, int all);
static void drain_snap_cache(thread *th);
static void drain_scratch_cache(thread *th);

/* Key destructor: the thread is exiting. */
static void thread_exit(void *arg)
{
	thread *th = arg;
	int k;

	note_peak(th);
	pthread_mutex_lock(&exited_lock);
	exited.peak_bytes = max_size(exited.peak_bytes, th->peak);
	exited.tape_peak_bytes =
		max_size(exited.tape_peak_bytes, th->tape_peak);
	exited.snapshot_peak_bytes =
		max_size(exited.snapshot_peak_bytes, th->snap_peak);
	exited.recomputations += th->recomputations;
	exited.shadow_peak_bytes =
		max_size(exited.shadow_peak_bytes, th->shadow_peak);
	if (th->loop_snaps) {
		exited.loop_steps = th->loop_steps;
		exited.loop_snapshots = th->loop_snaps;
	}
	pthread_mutex_unlock(&exited_lock);
	for (k = 0; k < CK_NSTACKS_; k++)
		free_stack(&th->tape.s[k], 1);
	drain_snap_cache(th);
	drain_scratch_cache(th);
	/* A later use in this thread (another key's destructor) arms the
	 * destructor again. */
	th->registered = 0;
	ck_tape_self_ = NULL;
}

static void make_key(void)
{
	if (pthread_key_create(&thread_key, thread_exit) != 0) {
		fprintf(stderr, "ckrt: cannot create a thread key\n");
		exit(1);
	}
}

/* Arms the destructor of the calling thread's state. */
static void register_thread(void)
{
	if (self.registered)
		return;
	pthread_once(&key_once, make_key);
	if (pthread_setspecific(thread_key, &self) != 0) {
		fprintf(stderr, "ckrt: cannot register a thread's tape\n");
		exit(1);
	}
	self.registered = 1;
	ck_tape_self_ = &self.tape;
}

/* ------------------------------------------------------------------ tape */

ck_tape *ck_tape_get_(void)
{
	register_thread();
	return &self.tape;
}

/* The exported function, for code compiled against a header whose
 * ck_tape_get was not inline. */
ck_tape *ck_tape_get(void)
{
	return ck_tape_get_();
}

static void enter_chunk(struct ck_stack_ *s, chunk *c, int full)
{
	s->chunk = c;
	s->base = (char *)c->payload;
	s->limit = s->base + c->cap;
	s->top = full ? s->base + c->used : s->base;
}

/* Leaves cur (the current chunk, or NULL), recording where its entries
 * end, for the empty chunk c above it. */
static void move_up(struct ck_stack_ *s, chunk *cur, chunk *c)
{
	if (cur) {
		cur->used = (size_t)(s->top - s->base);
		s->below += cur->used;
	}
	enter_chunk(s, c, 0);
}

/* The current chunk is full (or there is none): move to the next one. */
void ck_tape_grow_(ck_tape *t, int k)
{
	struct ck_stack_ *s = &t->s[k];
	chunk *cur = s->chunk, *c;

	if (cur && cur->next) {
		c = cur->next;
	} else {
		size_t cap = cur ? cur->cap * 2 : CHUNK_MIN;

		note_peak((thread *)t);
		if (cap > CHUNK_MAX)
			cap = CHUNK_MAX;
		c = xalloc(sizeof(chunk) + cap, "growing the tape");
		c->prev = cur;
		c->next = NULL;
		c->cap = cap;
		if (cur)
			cur->next = c;
	}
	move_up(s, cur, c);
}

void ck_tape_reserve_(ck_tape *t, int k, size_t bytes)
{
	if (bytes > CK_RESERVE_MAX_ || bytes > CHUNK_MIN) {
		fprintf(stderr, "ckrt: a reservation of %zu bytes on the tape is "
				"more than %zu\n",
			bytes, (size_t)CK_RESERVE_MAX_);
		abort();
	}
	/* the rest of this chunk stays unused: the entries are contiguous */
	ck_tape_grow_(t, k);
}

/* The current chunk is empty: move back to the previous (full) one. */
void ck_tape_shrink_(ck_tape *t, int k)
{
	static const char *const names[CK_NSTACKS_] = { "double", "float",
							"integer", "branch",
							"pointer" };
	struct ck_stack_ *s = &t->s[k];
	chunk *cur = s->chunk;

	if (!cur || !cur->prev) {
		fprintf(stderr,
			"ckrt: pop from an empty tape (%s entries): "
			"pushes and pops do not match\n",
			names[k]);
		abort();
	}
	enter_chunk(s, cur->prev, 1);
	s->below -= cur->prev->used;
}

/* Frees the chunks of s that hold no entries, or with all set every chunk
 * (entries included). */
static void free_stack(struct ck_stack_ *s, int all)
{
	chunk *cur = s->chunk, *c, *next;

	if (!cur)
		return;
	for (c = cur->next; c; c = next) {
		next = c->next;
		xfree(c, sizeof(chunk) + c->cap);
	}
	cur->next = NULL;
	if (!all && s->top != s->base)
		return;
	if (!all && cur->prev) {
		/* cur is empty: step back to the full chunk below. */
		c = cur->prev;
		enter_chunk(s, c, 1);
		s->below -= c->used;
		c->next = NULL;
		xfree(cur, sizeof(chunk) + cur->cap);
		return;
	}
	while (cur) {
		c = cur->prev;
		xfree(cur, sizeof(chunk) + cur->cap);
		cur = c;
	}
	memset(s, 0, sizeof *s);
}

/* Bulk pushes and pops: as n single ones, a chunk's worth at a time (a
 * push of zeros, p NULL, goes in as a block: push_zeros).  The
 * elements lie in the chunks in push order, so a pop of n takes the last
 * n bytes' worth back in one copy per chunk. */
static void push_n(ck_tape *t, int k, const void *p, size_t n, size_t size)
{
	struct ck_stack_ *s = &t->s[k];
	const char *src = p;

	while (n) {
		size_t room, m;

		if (s->top == s->limit)
			ck_tape_grow_(t, k);
		room = (size_t)(s->limit - s->top) / size;
		m = n < room ? n : room;
		memcpy(s->top, src, m * size);
		src += m * size;
		s->top += m * size;
		n -= m;
	}
}

static void pop_n(ck_tape *t, int k, void *p, size_t n, size_t size)
{
	struct ck_stack_ *s = &t->s[k];
	char *dst = p;

	while (n) {
		size_t avail, m;

		if (s->top == s->base)
			ck_tape_shrink_(t, k);
		avail = (size_t)(s->top - s->base) / size;
		m = n < avail ? n : avail;
		s->top -= m * size;
		n -= m;
		if (dst)
			memcpy(dst + n * size, s->top, m * size);
	}
}

static void *block_push(ck_tape *t, int k, size_t bytes);

/* n zeros (p NULL) go in as a block: the tangent of a block of the tape
 * whose values have no tangent on the pushing side may have one on the
 * popping side, which takes the zeros back with ck_block_pop_d. */
static void push_zeros(ck_tape *t, int k, size_t bytes)
{
	if (bytes)
		memset(block_push(t, k, bytes), 0, bytes);
}

void ck_push_nd_(ck_tape *t, const double *p, size_t n)
{
	if (!p)
		push_zeros(t, CK_STACK_D_, n * sizeof(double));
	else
		push_n(t, CK_STACK_D_, p, n, sizeof(double));
}

void ck_pop_nd_(ck_tape *t, double *p, size_t n)
{
	pop_n(t, CK_STACK_D_, p, n, sizeof(double));
}

void ck_push_nf_(ck_tape *t, const float *p, size_t n)
{
	if (!p)
		push_zeros(t, CK_STACK_F_, n * sizeof(float));
	else
		push_n(t, CK_STACK_F_, p, n, sizeof(float));
}

void ck_pop_nf_(ck_tape *t, float *p, size_t n)
{
	pop_n(t, CK_STACK_F_, p, n, sizeof(float));
}

/* Blocks: n entries contiguous in one chunk.  A block that does not fit in
 * what is left of the current chunk goes to the next one, which is made (or
 * replaced by a new one, put before it) when it is smaller than the block;
 * the chunk it leaves records where its entries end, as for a
 * reservation. */
static void *block_push(ck_tape *t, int k, size_t bytes)
{
	struct ck_stack_ *s = &t->s[k];
	char *p;

	if ((size_t)(s->limit - s->top) < bytes) {
		chunk *cur = s->chunk, *next = cur ? cur->next : NULL,
		      *c = next;

		if (!c || c->cap < bytes) {
			size_t cap = cur ? cur->cap * 2 : CHUNK_MIN;

			if (cap > CHUNK_MAX)
				cap = CHUNK_MAX;
			if (cap < bytes)
				cap = bytes;
			note_peak((thread *)t);
			c = xalloc(sizeof(chunk) + cap, "growing the tape");
			c->prev = cur;
			c->next = next;
			c->cap = cap;
			c->used = 0;
			if (next)
				next->prev = c;
			if (cur)
				cur->next = c;
		}
		move_up(s, cur, c);
	}
	p = s->top;
	s->top += bytes;
	return p;
}

static void *block_pop(ck_tape *t, int k, size_t bytes)
{
	struct ck_stack_ *s = &t->s[k];

	if (!bytes)
		return s->top;
	/* the entries pushed after the block may have ended a chunk above */
	while (s->top == s->base && s->chunk && ((chunk *)s->chunk)->prev)
		ck_tape_shrink_(t, k);
	if ((size_t)(s->top - s->base) < bytes) {
		fprintf(stderr,
			"ckrt: a block of %zu bytes is not on top of the "
			"tape: pushes and pops do not match\n",
			bytes);
		abort();
	}
	s->top -= bytes;
	return s->top;
}

double *ck_block_push_d(ck_tape *t, size_t n)
{
	return block_push(t, CK_STACK_D_, n * sizeof(double));
}

double *ck_block_pop_d(ck_tape *t, size_t n)
{
	return block_pop(t, CK_STACK_D_, n * sizeof(double));
}

float *ck_block_push_f(ck_tape *t, size_t n)
{
	return block_push(t, CK_STACK_F_, n * sizeof(float));
}

float *ck_block_pop_f(ck_tape *t, size_t n)
{
	return block_pop(t, CK_STACK_F_, n * sizeof(float));
}

/* The exported functions, for code compiled against a header without the
 * inline fast paths. */
void ck_push_nd(ck_tape *t, const double *p, size_t n)
{
	ck_push_nd_(t, p, n);
}

void ck_pop_nd(ck_tape *t, double *p, size_t n)
{
	ck_pop_nd_(t, p, n);
}

void ck_push_nf(ck_tape *t, const float *p, size_t n)
{
	ck_push_nf_(t, p, n);
}

void ck_pop_nf(ck_tape *t, float *p, size_t n)
{
	ck_pop_nf_(t, p, n);
}

void ck_tape_release(void)
{
	int k;

	for (k = 0; k < CK_NSTACKS_; k++)
		free_stack(&self.tape.s[k], 0);
	drain_snap_cache(&self);
	drain_scratch_cache(&self);
}

/* ------------------------------------------------------- scratch buffers */

static void *scratch_alloc(size_t bytes)
{
	scratch_head *h = NULL;
	int i, best = -1;

	register_thread();
	/* the smallest cached buffer that is large enough */
	for (i = 0; i < self.nscratch_cache; i++)
		if (self.scratch_cache[i]->cap >= bytes &&
		    (best < 0 ||
		     self.scratch_cache[i]->cap < self.scratch_cache[best]->cap))
			best = i;
	if (best >= 0) {
		h = self.scratch_cache[best];
		self.scratch_cache[best] =
			self.scratch_cache[--self.nscratch_cache];
	} else {
		size_t cap = bytes < 64 ? 64 : bytes;
		h = xalloc(sizeof *h + cap, "allocating a scratch buffer");
		h->cap = cap;
	}
	self.scratch_bytes += bytes;
	note_peak(&self);
	return h + 1;
}

static void scratch_free(void *p, size_t bytes)
{
	scratch_head *h = (scratch_head *)p - 1;

	self.scratch_bytes -= bytes;
	if (self.nscratch_cache < CK_SCRATCH_CACHE) {
		self.scratch_cache[self.nscratch_cache++] = h;
		return;
	}
	xfree(h, sizeof *h + h->cap);
}

double *ck_scratch_alloc_d(size_t n)
{
	return scratch_alloc(n * sizeof(double));
}

void ck_scratch_free_d(double *p, size_t n)
{
	scratch_free(p, n * sizeof(double));
}

float *ck_scratch_alloc_f(size_t n)
{
	return scratch_alloc(n * sizeof(float));
}

void ck_scratch_free_f(float *p, size_t n)
{
	scratch_free(p, n * sizeof(float));
}

static void drain_scratch_cache(thread *th)
{
	while (th->nscratch_cache) {
		scratch_head *h = th->scratch_cache[--th->nscratch_cache];
		xfree(h, sizeof *h + h->cap);
	}
}

/* ------------------------------------------------------------- snapshots */

/* Counts bytes more of snapshots in use, and samples the peaks. */
static void snap_count(size_t bytes)
{
	register_thread();
	self.snap_bytes += bytes;
	note_peak(&self);
}

void *ck_snapshot_alloc(size_t bytes)
{
	void *p =
		xalloc(bytes ? bytes : 1, "allocating a checkpoint snapshot");

	snap_count(bytes);
	return p;
}

void ck_snapshot_free(void *p, size_t bytes)
{
	if (!p)
		return;
	xfree(p, bytes ? bytes : 1);
	self.snap_bytes -= bytes;
}

/* --------------------------------------------------------------- shadows
 *
 * A shadow is a header holding its size, then the zeroed payload. */

typedef union shadow_head {
	size_t bytes;
	max_align_t align;
} shadow_head;

void *ck_shadow_alloc(size_t bytes)
{
	shadow_head *h;

	if (!bytes)
		return NULL;
	h = xalloc(sizeof *h + bytes, "allocating a shadow buffer");
	register_thread();
	h->bytes = bytes;
	memset(h + 1, 0, bytes);
	self.shadow_bytes += bytes;
	if (self.shadow_bytes > self.shadow_peak)
		self.shadow_peak = self.shadow_bytes;
	return h + 1;
}

size_t ck_shadow_size(const void *p)
{
	return p ? ((const shadow_head *)p - 1)->bytes : 0;
}

void ck_shadow_free(void *p)
{
	shadow_head *h;

	if (!p)
		return;
	h = (shadow_head *)p - 1;
	self.shadow_bytes -= h->bytes;
	xfree(h, sizeof *h + h->bytes);
}

void *ck_shadow_dup(const void *p, size_t bytes)
{
	void *q = ck_shadow_alloc(bytes);
	size_t old = ck_shadow_size(p);

	if (q && p)
		memcpy(q, p, old < bytes ? old : bytes);
	return q;
}

void *ck_shadow_realloc(void *p, size_t bytes)
{
	void *q = ck_shadow_dup(p, bytes);

	ck_shadow_free(p);
	return q;
}

void *ck_shadow_unrealloc(void *p, size_t old_bytes)
{
	return ck_shadow_realloc(p, old_bytes);
}

void *ck_fwd_realloc(void *p, size_t old_bytes, size_t bytes)
{
	void *q;

	if (!bytes)
		return NULL;
	q = malloc(bytes);
	if (q && p)
		memcpy(q, p, old_bytes < bytes ? old_bytes : bytes);
	return q;
}

/* ------------------------------------------------------------ checkpoints */

/* The bytes the statistics count for a snapshot's data: size rounded up
 * to whole 64-byte lines, which is what a snapshot that grew from empty
 * has allocated.  A snapshot taken from the thread's cache may have a
 * larger buffer from an earlier use; it is counted as a new one would be,
 * so the figures do not depend on the cache. */
static size_t snap_lines(size_t size)
{
	return (size + 63) / 64 * 64;
}

ck_snap *ck_snap_new(void)
{
	ck_snap *s;

	if (self.nsnap_cache) {
		s = self.snap_cache[--self.nsnap_cache];
		snap_count(sizeof *s);
		s->size = s->pos = 0;
		return s;
	}
	s = ck_snapshot_alloc(sizeof *s);
	memset(s, 0, sizeof *s);
	return s;
}

void ck_snap_save_(ck_snap *s, const void *p, size_t bytes)
{
	void *d = ck_snap_save_at_(s, bytes);

	if (p)
		memcpy(d, p, bytes);
	else if (bytes)
		memset(d, 0, bytes);
}

void *ck_snap_save_at_(ck_snap *s, size_t bytes)
{
	size_t old = snap_lines(s->size), need = snap_lines(s->size + bytes);
	void *at;

	/* grow by whole 64-byte lines, so that the snapshot statistics stay
	 * close to the bytes saved; the new lines are counted before the old
	 * ones go, as when a new buffer is allocated and the old one freed */
	if (need > old) {
		if (need <= s->cap) {
			snap_count(need);
		} else {
			/* the buffer at least doubles, so that saving several
			 * arrays copies what came before a few times at most;
			 * the statistics count the lines in use, as above */
			size_t cap = 2 * s->cap > need ? 2 * s->cap : need;
			unsigned char *d =
				xalloc(cap, "allocating a checkpoint snapshot");
			snap_count(need);
			if (s->size)
				memcpy(d, s->data, s->size);
			xfree(s->data, s->cap);
			s->data = d;
			s->cap = cap;
		}
		self.snap_bytes -= old;
	}
	at = s->data + s->size;
	s->size += bytes;
	return at;
}

void ck_snap_load_(ck_snap *s, void *p, size_t bytes)
{
	const void *at = ck_snap_load_at_(s, bytes);

	if (p && bytes)
		memcpy(p, at, bytes);
}

const void *ck_snap_load_at_(ck_snap *s, size_t bytes)
{
	const void *at;

	if (s->pos + bytes > s->size) {
		fprintf(stderr, "ckrt: a checkpoint is read past its end (%lu of "
				"%lu bytes): saves and loads do not match\n",
			(unsigned long)(s->pos + bytes), (unsigned long)s->size);
		abort();
	}
	at = s->data + s->pos;
	s->pos += bytes;
	return at;
}

void ck_snap_rewind(ck_snap *s)
{
	s->pos = 0;
}

/* The library's copies of ckrt.h's inline functions. */
void ck_snap_save(ck_snap *s, const void *p, size_t bytes)
{
	ck_snap_save_(s, p, bytes);
}

void *ck_snap_save_at(ck_snap *s, size_t bytes)
{
	return ck_snap_save_at_(s, bytes);
}

void ck_snap_load(ck_snap *s, void *p, size_t bytes)
{
	ck_snap_load_(s, p, bytes);
}

const void *ck_snap_load_at(ck_snap *s, size_t bytes)
{
	return ck_snap_load_at_(s, bytes);
}

void ck_snap_free(ck_snap *s)
{
	if (!s)
		return;
	self.snap_bytes -= snap_lines(s->size) + sizeof *s;
	if (self.nsnap_cache < CK_SNAP_CACHE && s->cap <= CK_SNAP_CACHE_BYTES) {
		self.snap_cache[self.nsnap_cache++] = s;
		return;
	}
	xfree(s->data, s->cap);
	xfree(s, sizeof *s);
}

/* Frees the snapshots th keeps for reuse. */
static void drain_snap_cache(thread *th)
{
	while (th->nsnap_cache) {
		ck_snap *s = th->snap_cache[--th->nsnap_cache];
		xfree(s->data, s->cap);
		xfree(s, sizeof *s);
	}
}

/* ---------------------------------------------------------------- revolve
 *
 * The schedule, made step by step from a small stack of pending tasks (so
 * its memory is a few words per checkpoint, not per step).  Reversing
 * steps [a, b) with the state of a current and c more checkpoints free:
 *   one step:     TAPED a, REVERSE
 *   c = 0:        for k = b-1 down to a: (RESTORE a,) ADVANCE k, TAPED k,
 *                 REVERSE
 *   otherwise:    ADVANCE a+j, TAKESHOT a+j, reverse [a+j, b) with c-1,
 *                 RESTORE a, reverse [a, a+j) with c
 * where j is an optimal split for n = b - a steps with s = c + 1
 * checkpoints: with t the smallest number such that C(s+t, s) >= n,
 * j = max(C(s+t-2, s), n - C(s+t-1, s-1)) (at least 1).  The advances then
 * total the optimum. */

enum { RV_EMIT, RV_RANGE, RV_LINEAR };

typedef struct rv_task {
	int what;  /* RV_EMIT: an action; RV_RANGE: reverse [a, b) with c;
		      RV_LINEAR: the c = 0 case from step b down to a */
	int kind;  /* RV_EMIT: the action */
	long a, b;
	int c;     /* RV_RANGE: free checkpoints; RV_LINEAR: first round */
} rv_task;

struct ck_revolve {
	rv_task *tasks;
	int ntasks, cap;
	long cur_step;
	int done;
	ck_snap **snaps; /* checkpoints held, a stack (deepest first) */
	long *snap_step;
	int nsnaps, maxsnaps; /* maxsnaps 0: a budget's, not chosen yet */
	int room;             /* entries of snaps, snap_step and path */
	/* online(K) and budget() */
	int online; /* 1 while the first sweep takes steps, 2 after */
	long steps; /* the trip count (online: the steps taken so far) */
	long *work; /* online: 2 * (room + 1) entries for ck_revolve_take */
	int dirty;  /* online: the snapshots changed since work was made */
	long pall_c, pall_r, pm3_c, pm3_r; /* see ck_revolve_take */
	int hint[3];   /* repetition numbers last found, where to look next */
	size_t budget; /* bytes, or 0 */
	/* disk(D): snapshots in files */
	int disk;    /* D: snapshots it may keep in files */
	char **path; /* each held snapshot's file, or NULL (in memory) */
	int flush;   /* 1 + the index of a snapshot to write to its file
			  once the generated code has saved it, or 0 */
};

enum { RV_ONLINE_MAX = 256 }; /* the most snapshots a budget gives online */

static void rv_choose(ck_revolve *r);
static void rv_room(ck_revolve *r, int n);
static void rv_reserve_tasks(ck_revolve *r, int n);

/* C(n, k), saturated far above any step count. */
static long rv_binom(long n, long k)
{
	if (k < 0 || k > n)
		return 0;
	if (k > n - k)
		k = n - k;
	double r = 1;
	for (long i = 1; i <= k; i++) {
		r = r * (double)(n - k + i) / (double)i;
		if (r > 1e17)
			return (long)1e17;
	}
	return (long)(r + 0.5);
}

static void rv_push(ck_revolve *r, int what, int kind, long a, long b, int c)
{
	if (r->ntasks == r->cap) {
		int cap = r->cap ? 2 * r->cap : 16;
		rv_task *t = ck_snapshot_alloc(sizeof *t * (size_t)cap);
		if (r->ntasks)
			memcpy(t, r->tasks, sizeof *t * (size_t)r->ntasks);
		ck_snapshot_free(r->tasks, sizeof *t * (size_t)r->cap);
		r->tasks = t;
		r->cap = cap;
	}
	rv_task *t = &r->tasks[r->ntasks++];
	t->what = what;
	t->kind = kind;
	t->a = a;
	t->b = b;
	t->c = c;
}

/* Room for n tasks. */
static void rv_reserve_tasks(ck_revolve *r, int n)
{
	if (n <= r->cap)
		return;
	rv_task *t = ck_snapshot_alloc(sizeof *t * (size_t)n);
	if (r->ntasks)
		memcpy(t, r->tasks, sizeof *t * (size_t)r->ntasks);
	ck_snapshot_free(r->tasks, sizeof *t * (size_t)r->cap);
	r->tasks = t;
	r->cap = n;
}

static void rv_emit(ck_revolve *r, int kind, long step)
{
	rv_push(r, RV_EMIT, kind, step, 0, 0);
}

static long rv_split(long n, int c)
{
	long s = c + 1, t = 0;
	while (rv_binom(s + t, s) < n)
		t++;
	long j = t >= 2 ? rv_binom(s + t - 2, s) : 1;
	long alt = n - rv_binom(s + t - 1, s - 1);
	if (alt > j)
		j = alt;
	if (j < 1)
		j = 1;
	if (j > n - 1)
		j = n - 1;
	return j;
}

/* Replaces a task by what it stands for, last first (a stack). */
static void rv_expand(ck_revolve *r, rv_task t)
{
	if (t.what == RV_LINEAR) { /* reverse step b, then b-1 ... a */
		if (t.b > t.a)
			rv_push(r, RV_LINEAR, 0, t.a, t.b - 1, 0);
		rv_emit(r, CK_RV_REVERSE, t.b);
		rv_emit(r, CK_RV_TAPED, t.b);
		if (t.b > t.a)
			rv_emit(r, CK_RV_ADVANCE, t.b);
		if (!t.c)
			rv_emit(r, CK_RV_RESTORE, t.a);
		return;
	}
	long a = t.a, b = t.b;
	if (t.c < 0) { /* a budget's first range: choose the count now */
		rv_choose(r);
		t.c = r->maxsnaps - 1;
	}
	if (b - a == 1) {
		rv_emit(r, CK_RV_REVERSE, a);
		rv_emit(r, CK_RV_TAPED, a);
	} else if (t.c == 0) {
		rv_push(r, RV_LINEAR, 0, a, b - 1, 1);
	} else {
		long j = rv_split(b - a, t.c);
		rv_push(r, RV_RANGE, 0, a, a + j, t.c);
		rv_emit(r, CK_RV_RESTORE, a);
		rv_push(r, RV_RANGE, 0, a + j, b, t.c - 1);
		rv_emit(r, CK_RV_TAKESHOT, a + j);
		rv_emit(r, CK_RV_ADVANCE, a + j);
	}
}

/* ------------------------------------------- snapshots in files, disk(D)
 *
 * A snapshot that goes to a file is saved in memory first, as any other;
 * then its bytes are written to a new file under CK_DISK_DIR (else TMPDIR,
 * else /tmp) and its memory is freed.  When the schedule restores it, the
 * file is read back into memory and removed.  Every file a schedule still
 * holds is removed when the schedule is freed, and, should the program
 * stop (exit, or a write that fails), by an atexit handler.  A file that
 * cannot be written or read stops the program with a message: no schedule
 * ever goes on without its snapshot. */

static pthread_mutex_t disk_lock = PTHREAD_MUTEX_INITIALIZER;
static char **disk_files; /* the files of every schedule, for atexit */
static int disk_nfiles, disk_capfiles;
static pthread_once_t disk_once = PTHREAD_ONCE_INIT;

static void disk_cleanup(void)
{
	pthread_mutex_lock(&disk_lock);
	for (int i = 0; i < disk_nfiles; i++)
		unlink(disk_files[i]);
	disk_nfiles = 0;
	pthread_mutex_unlock(&disk_lock);
}

static void disk_arm(void)
{
	atexit(disk_cleanup);
}

static void disk_register(char *path)
{
	pthread_once(&disk_once, disk_arm);
	pthread_mutex_lock(&disk_lock);
	if (disk_nfiles == disk_capfiles) {
		int cap = disk_capfiles ? 2 * disk_capfiles : 16;
		char **f = realloc(disk_files, sizeof *f * (size_t)cap);
		if (!f) {
			pthread_mutex_unlock(&disk_lock);
			fprintf(stderr,
				"ckrt: out of memory keeping the names of "
				"checkpoint files\n");
			unlink(path);
			exit(EXIT_FAILURE);
		}
		disk_files = f;
		disk_capfiles = cap;
	}
	disk_files[disk_nfiles++] = path;
	pthread_mutex_unlock(&disk_lock);
}

/* Removes file path (registered) and frees its name. */
static void disk_remove(char *path)
{
	unlink(path);
	pthread_mutex_lock(&disk_lock);
	for (int i = 0; i < disk_nfiles; i++)
		if (disk_files[i] == path) {
			disk_files[i] = disk_files[--disk_nfiles];
			break;
		}
	pthread_mutex_unlock(&disk_lock);
	free(path);
}

static void disk_fail(const char *what, const char *path, int err)
{
	fprintf(stderr, "ckrt: cannot %s the checkpoint file %s: %s\n", what,
		path, strerror(err));
	exit(EXIT_FAILURE);
}

/* Writes held snapshot i of r to a new file and frees its memory. */
static void rv_to_disk(ck_revolve *r, int i)
{
	ck_snap *s = r->snaps[i];
	const char *dir = getenv("CK_DISK_DIR");
	if (!dir || !*dir)
		dir = getenv("TMPDIR");
	if (!dir || !*dir)
		dir = "/tmp";
	char *path = malloc(strlen(dir) + sizeof "/ckc-snapshot-XXXXXX");
	if (!path) {
		fprintf(stderr,
			"ckrt: out of memory naming a checkpoint file\n");
		exit(EXIT_FAILURE);
	}
	sprintf(path, "%s/ckc-snapshot-XXXXXX", dir);
	int fd = mkstemp(path);
	if (fd < 0)
		disk_fail("create", path, errno);
	disk_register(path);
	size_t done = 0;
	while (done < s->size) {
		ssize_t n = write(fd, s->data + done, s->size - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			disk_fail("write", path, n < 0 ? errno : ENOSPC);
		done += (size_t)n;
	}
	if (close(fd) != 0)
		disk_fail("write", path, errno);
	r->path[i] = path;
	self.snap_bytes -= snap_lines(s->size);
	xfree(s->data, s->cap);
	s->data = NULL;
	s->cap = 0;
}

/* Reads held snapshot i of r back from its file, which goes. */
static void rv_from_disk(ck_revolve *r, int i)
{
	ck_snap *s = r->snaps[i];
	char *path = r->path[i];
	size_t cap = snap_lines(s->size);
	s->data = xalloc(cap ? cap : 1, "reading a checkpoint snapshot");
	s->cap = cap ? cap : 1;
	snap_count(cap);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		disk_fail("read", path, errno);
	size_t done = 0;
	while (done < s->size) {
		ssize_t n = read(fd, s->data + done, s->size - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			disk_fail("read", path, n < 0 ? errno : EIO);
		done += (size_t)n;
	}
	close(fd);
	r->path[i] = NULL;
	disk_remove(path);
}

/* Frees held snapshot i of r (and its file); the ones above move down. */
static void rv_drop(ck_revolve *r, int i)
{
	if (r->path && r->path[i]) {
		disk_remove(r->path[i]);
		r->path[i] = NULL;
		r->snaps[i]->size = 0; /* its bytes were not in memory */
	}
	ck_snap_free(r->snaps[i]);
	for (int k = i; k + 1 < r->nsnaps; k++) {
		r->snaps[k] = r->snaps[k + 1];
		r->snap_step[k] = r->snap_step[k + 1];
		if (r->path)
			r->path[k] = r->path[k + 1];
	}
	r->nsnaps--;
	if (r->path)
		r->path[r->nsnaps] = NULL;
}

/* Held snapshots of r in memory among the first n. */
static int rv_in_memory(const ck_revolve *r, int n)
{
	int m = 0;
	for (int i = 0; i < n; i++)
		m += !r->path || !r->path[i];
	return m;
}

/* A schedule with nothing in it (its bytes are snapshot bytes). */
static ck_revolve *rv_alloc(void)
{
	ck_revolve *r = ck_snapshot_alloc(sizeof *r);
	memset(r, 0, sizeof *r);
	return r;
}

/* The schedule's figures in the statistics of the calling thread. */
static void rv_note(const ck_revolve *r)
{
	self.loop_steps = (unsigned long long)r->steps;
	self.loop_snaps = r->maxsnaps;
}

ck_revolve *ck_revolve_new(long steps, int snaps)
{
	ck_revolve *r = rv_alloc();
	if (snaps < 1)
		snaps = 1;
	r->maxsnaps = r->room = snaps;
	r->steps = steps > 0 ? steps : 0;
	r->snaps = ck_snapshot_alloc(sizeof *r->snaps * (size_t)snaps);
	r->snap_step = ck_snapshot_alloc(sizeof *r->snap_step * (size_t)snaps);
	if (steps > 0) {
		rv_push(r, RV_RANGE, 0, 0, steps, snaps - 1);
		rv_emit(r, CK_RV_TAKESHOT, 0);
	}
	rv_note(r);
	return r;
}

/* Room for n held snapshots (online and budget schedules grow their
 * arrays as they go, up to the snapshot count). */
static void rv_room(ck_revolve *r, int n)
{
	if (n <= r->room)
		return;
	int room = r->room ? 2 * r->room : 4;
	if (room < n)
		room = n;
	if (r->maxsnaps && room > r->maxsnaps + r->disk)
		room = r->maxsnaps + r->disk;
	ck_snap **sn = ck_snapshot_alloc(sizeof *sn * (size_t)room);
	long *st = ck_snapshot_alloc(sizeof *st * (size_t)room);
	long *wk = ck_snapshot_alloc(sizeof *wk * (size_t)(2 * room + 2));
	char **pa = ck_snapshot_alloc(sizeof *pa * (size_t)room);
	memset(pa, 0, sizeof *pa * (size_t)room);
	if (r->nsnaps) {
		memcpy(sn, r->snaps, sizeof *sn * (size_t)r->nsnaps);
		memcpy(st, r->snap_step, sizeof *st * (size_t)r->nsnaps);
		if (r->path)
			memcpy(pa, r->path, sizeof *pa * (size_t)r->nsnaps);
	}
	ck_snapshot_free(r->snaps, sizeof *sn * (size_t)r->room);
	ck_snapshot_free(r->snap_step, sizeof *st * (size_t)r->room);
	ck_snapshot_free(r->work, sizeof *wk * (size_t)(2 * r->room + 2));
	ck_snapshot_free(r->path, sizeof *pa * (size_t)r->room);
	r->snaps = sn;
	r->snap_step = st;
	r->work = wk;
	r->path = pa;
	r->room = room;
}

/* CK_BUDGET (bytes, with an optional K, M or G suffix) or bytes. */
static size_t rv_budget_bytes(size_t bytes)
{
	const char *e = getenv("CK_BUDGET");
	if (!e || !*e)
		return bytes;
	char *end;
	unsigned long long v = strtoull(e, &end, 10);
	unsigned long long mul = 1;
	if (*end == 'K' || *end == 'k')
		mul = 1ull << 10;
	else if (*end == 'M' || *end == 'm')
		mul = 1ull << 20;
	else if (*end == 'G' || *end == 'g')
		mul = 1ull << 30;
	if (mul != 1)
		end++;
	if (end == e || *end || v == 0 ||
	    v > (unsigned long long)SIZE_MAX / mul) {
		fprintf(stderr,
			"ckrt: CK_BUDGET='%s' is not a byte count "
			"(a positive integer with an optional K, M or G "
			"suffix)\n",
			e);
		exit(EXIT_FAILURE);
	}
	return (size_t)(v * mul);
}

/* A budget's snapshot count, from the size of the first snapshot: the most
 * snapshots that fit in the budget with the schedule's bookkeeping (the
 * schedule itself, its task stack, and an entry of each array per
 * snapshot), at most one per step when the trip count is known. */
static void rv_choose(ck_revolve *r)
{
	size_t one = snap_lines(r->snaps[0]->size) + sizeof(ck_snap) +
		     sizeof(ck_snap *) + sizeof(long) + 2 * sizeof(long) +
		     sizeof(char *) + 3 * sizeof(rv_task);
	/* and a snapshot's size once more: a snapshot being saved grows its
	 * buffer, which counts old and new lines for a moment */
	size_t fixed = sizeof *r + 16 * sizeof(rv_task) +
		       snap_lines(r->snaps[0]->size);
	size_t k = r->budget > fixed ? (r->budget - fixed) / one : 0;
	if (k < 1) {
		fprintf(stderr,
			"ckrt: a checkpoint budget of %lu bytes has no "
			"room for one snapshot of the loop's state (%lu "
			"bytes with its bookkeeping); raise the budget or "
			"CK_BUDGET\n",
			(unsigned long)r->budget,
			(unsigned long)(fixed + one));
		exit(EXIT_FAILURE);
	}
	if (k > INT_MAX / 4)
		k = INT_MAX / 4;
	if (!r->online && (long)k > r->steps)
		k = (size_t)r->steps;
	/* an online schedule weighs its snapshots at every step: past a few
	 * hundred they cost more time than the recomputations they save (256
	 * keep Revolve's repetition number at 3 up to 2.9 million steps) */
	if (r->online && k > RV_ONLINE_MAX)
		k = RV_ONLINE_MAX;
	r->maxsnaps = (int)k;
	/* the task stack holds at most about two tasks per snapshot */
	rv_reserve_tasks(r, 3 * r->maxsnaps + 8);
	rv_room(r, r->maxsnaps);
	rv_note(r);
}

ck_revolve *ck_revolve_budget(long steps, size_t bytes)
{
	ck_revolve *r = rv_alloc();
	r->budget = rv_budget_bytes(bytes);
	r->steps = steps > 0 ? steps : 0;
	rv_room(r, 1);
	if (steps > 0) {
		/* c < 0: the free snapshots, once the first is saved */
		rv_push(r, RV_RANGE, 0, 0, steps, -1);
		rv_emit(r, CK_RV_TAKESHOT, 0);
	}
	rv_note(r);
	return r;
}

/* binomial(K) disk(D): the first sweep splits the steps into up to D + 1
 * stretches of equal length (as near as whole steps go) and saves the
 * state at the start of each but the last to a file, that of the last in
 * memory; then each stretch, the last first, is restored (its file read
 * back once) and reversed by Revolve with the snaps snapshots in memory.
 * Every file is written once and read once. */
ck_revolve *ck_revolve_disk(long steps, int snaps, int disk)
{
	if (disk < 1 || steps < 2)
		return ck_revolve_new(steps, snaps);
	ck_revolve *r = rv_alloc();
	r->maxsnaps = snaps < 1 ? 1 : snaps;
	r->disk = disk;
	r->steps = steps;
	long m = (long)disk + 1 < steps ? (long)disk + 1 : steps;
	rv_room(r, 1);
	/* the stack: the reverse of the stretches, then (on top) the first
	 * sweep, last action first */
	for (long k = 0; k < m; k++) {
		long a = k * steps / m, b = (k + 1) * steps / m;
		rv_push(r, RV_RANGE, 0, a, b, r->maxsnaps - 1);
		/* the last stretch starts from the state the first sweep
		 * leaves (no restore before the first taped step) */
		if (k < m - 1)
			rv_emit(r, CK_RV_RESTORE, a);
	}
	for (long k = m - 1; k >= 0; k--) {
		long a = k * steps / m;
		rv_push(r, RV_EMIT, CK_RV_TAKESHOT, a, 0, k < m - 1);
		if (a > 0)
			rv_emit(r, CK_RV_ADVANCE, a);
	}
	rv_note(r);
	return r;
}

ck_revolve *ck_revolve_online_disk(int snaps, int disk)
{
	ck_revolve *r = ck_revolve_online(snaps);
	r->disk = disk > 0 ? disk : 0;
	return r;
}

ck_revolve *ck_revolve_online(int snaps)
{
	ck_revolve *r = rv_alloc();
	r->maxsnaps = snaps < 1 ? 1 : snaps;
	r->online = 1;
	rv_room(r, 1);
	return r;
}

ck_revolve *ck_revolve_online_budget(size_t bytes)
{
	ck_revolve *r = rv_alloc();
	r->budget = rv_budget_bytes(bytes);
	r->online = 1;
	rv_room(r, 1);
	return r;
}

/* Holds a new snapshot of step j; ck_revolve_snap is it. */
static void rv_hold(ck_revolve *r, long j)
{
	rv_room(r, r->nsnaps + 1);
	/* disk(D): memory holds at most maxsnaps; the earliest goes to a file
	 * (the reverse sweep needs it last) */
	if (r->disk && rv_in_memory(r, r->nsnaps) >= r->maxsnaps) {
		int i = 0;
		while (r->path[i])
			i++;
		rv_to_disk(r, i);
	}
	r->snaps[r->nsnaps] = ck_snap_new();
	r->snap_step[r->nsnaps] = j;
	r->nsnaps++;
	r->cur_step = j;
}

/* Revolve's figures, for placing snapshots online: C(s + t, s) from a
 * table for small s and t, the repetition number t(n, s) (the smallest t
 * with C(s + t, s) >= n) and the optimum F(n, s) = t n - C(s + t, s + 1):
 * the steps advanced to reverse n steps from a held snapshot of the first
 * with s snapshots in all. */
enum { RV_TAB_S = 130, RV_TAB_T = 64 };
static long rv_tab[RV_TAB_S + 2][RV_TAB_T + 1];
static pthread_once_t rv_tab_once = PTHREAD_ONCE_INIT;

static void rv_tab_init(void)
{
	for (int a = 0; a <= RV_TAB_S + 1; a++)
		for (int t = 0; t <= RV_TAB_T; t++)
			rv_tab[a][t] = rv_binom(a + t, a);
}

static long rv_cap(int s, int t)
{
	if (s <= RV_TAB_S + 1 && t <= RV_TAB_T)
		return rv_tab[s][t];
	return rv_binom((long)s + t, s);
}

static int rv_rep(long n, int s)
{
	int t = 0;
	if (s <= RV_TAB_S + 1 && rv_tab[s][RV_TAB_T] >= n) {
		/* the table is increasing in t: bisect */
		int hi = RV_TAB_T;
		while (t < hi) {
			int mid = (t + hi) / 2;
			if (rv_tab[s][mid] >= n)
				hi = mid;
			else
				t = mid + 1;
		}
		return t;
	}
	while (rv_cap(s, t) < n)
		t++;
	return t;
}

/* F(n, s); *rep: 1 + t(n, s), the most runs of one step untaped (the first
 * sweep's and Revolve's) */
static long rv_cost(long n, int s, long *rep)
{
	if (n <= 1) {
		*rep = 1;
		return 0;
	}
	int t = rv_rep(n, s);
	*rep = 1 + t;
	return t * n - rv_cap(s + 1, t - 1);
}

/* rv_cost for a stretch that grows a step at a time: the search for t
 * starts at *hint, the t found last */
static long rv_cost_near(long n, int s, long *rep, int *hint)
{
	if (n <= 1) {
		*rep = 1;
		return 0;
	}
	int t = *hint;
	while (t > 0 && rv_cap(s, t - 1) >= n)
		t--;
	while (rv_cap(s, t) < n)
		t++;
	*hint = t;
	*rep = 1 + t;
	return t * n - rv_cap(s + 1, t - 1);
}

static long rv_max(long a, long b)
{
	return a > b ? a : b;
}

/* The parts of ck_revolve_take's options that only change with the held
 * snapshots (m of them, all in all; stretch i runs from snapshot i to
 * i + 1, the last to the current step): for k = 1..m-2, letting snapshot k
 * go costs work[k] plus the last stretch one index down, and needs
 * work[m + 1 + k] runs of a step at most (with it); pall and pm3 are the
 * stretches 0..m-2 and 0..m-3 as they are. */
static void rv_take_parts(ck_revolve *r, int all)
{
	const long *c = r->snap_step;
	int m = r->nsnaps;
	long *ac = r->work, *ar = r->work + m + 1, rep;
	long sc = 0, sr = 1;
	for (int k = m - 2; k >= 1; k--) { /* the stretches after k, shifted */
		ac[k] = sc + rv_cost(c[k + 1] - c[k - 1], all - k + 1, &rep);
		ar[k] = rv_max(sr, rep);
		sc += rv_cost(c[k + 1] - c[k], all - k + 1, &rep);
		sr = rv_max(sr, rep);
	}
	long pc = 0, pr = 1;
	for (int k = 1; k <= m - 2; k++) { /* the stretches before k - 1 */
		ac[k] += pc;
		ar[k] = rv_max(ar[k], pr);
		pc += rv_cost(c[k] - c[k - 1], all - k + 1, &rep);
		pr = rv_max(pr, rep);
	}
	r->pm3_c = pc;
	r->pm3_r = pr;
	r->pall_c = pc;
	r->pall_r = pr;
	if (m >= 2) {
		r->pall_c += rv_cost(c[m - 1] - c[m - 2], all - m + 2, &rep);
		r->pall_r = rv_max(pr, rep);
	}
	r->dirty = 0;
}

/* The first sweep of an online schedule reaches step j = r->steps (the
 * loop runs it next).  While there is room, every step is held.  Then
 * each new step weighs its options as if the loop were to end after it
 * (h = j + 1 steps): keep the snapshots as they are (no copy), or hold j
 * and let one earlier snapshot go, which joins its stretch to the one
 * before.  A stretch k (from snapshot k to the next) costs the reverse
 * sweep F(len, S - k) steps run again, S the snapshots in all; the option
 * with the smallest total wins, among those whose stretches need no step
 * to run untaped more than t(h, S) + 1 times when there are such (there
 * always are: keeping Revolve's repetition number within one), ties going
 * to keeping, then to the earliest snapshot.  What does not depend on the
 * step is computed when the snapshots change (rv_take_parts), so a step
 * costs a pass of additions over the snapshots. */
int ck_revolve_take(ck_revolve *r)
{
	long j = r->steps++;
	if (j == 0) {
		pthread_once(&rv_tab_once, rv_tab_init);
		rv_hold(r, 0);
		r->dirty = 1;
		return 1;
	}
	if (!r->maxsnaps)
		rv_choose(r);
	int all = r->maxsnaps + r->disk, m = r->nsnaps;
	if (m < all) {
		rv_hold(r, j);
		r->dirty = 1;
		return 1;
	}
	if (m == 1)
		return 0; /* one snapshot: step 0's */
	if (r->dirty)
		rv_take_parts(r, all);
	const long *c = r->snap_step, *ac = r->work, *ar = r->work + m + 1;
	long h = j + 1, rep;
	long lim = rv_rep(h, all);
	lim = (lim < 1 ? 1 : lim) + 1;
	/* keeping: the last stretch to h */
	long bestc = r->pall_c + rv_cost_near(h - c[m - 1], all - m + 1, &rep,
					      &r->hint[0]);
	long bestr = rv_max(r->pall_r, rep);
	int best = 0;
	/* letting k go: the last stretch, to j, one index down */
	long lr,
		lc = rv_cost_near(j - c[m - 1], all - m + 2, &lr, &r->hint[1]);
	for (int k = 1; k < m; k++) {
		long cost, most;
		if (k < m - 1) {
			cost = ac[k] + lc;
			most = rv_max(ar[k], lr);
		} else { /* the last but one joins the last, to j */
			cost = r->pm3_c + rv_cost_near(j - c[m - 2],
						       all - m + 2, &rep,
						       &r->hint[2]);
			most = rv_max(r->pm3_r, rep);
		}
		int over = most > lim, bover = bestr > lim;
		if (over != bover           ? over < bover
		    : over && most != bestr ? most < bestr
					    : cost < bestc) {
			best = k;
			bestc = cost;
			bestr = most;
		}
	}
	if (!best)
		return 0;
	rv_drop(r, best);
	rv_hold(r, j);
	r->dirty = 1;
	return 1;
}

/* The reverse of the stretch after each held snapshot, the last first:
 * each by Revolve with the memory that the snapshots of the earlier
 * stretches leave (one restored from a file comes back to memory). */
static void rv_stretches(ck_revolve *r)
{
	for (int k = 0; k < r->nsnaps; k++) {
		long b = k + 1 < r->nsnaps ? r->snap_step[k + 1] : r->steps;
		rv_push(r, RV_RANGE, 0, r->snap_step[k], b,
			r->maxsnaps - 1 - rv_in_memory(r, k));
		rv_emit(r, CK_RV_RESTORE, r->snap_step[k]);
	}
}

/* The first sweep ended after r->steps steps: the reverse sweep reverses
 * the stretch after each held snapshot, the last first, by Revolve with
 * the snapshots that the earlier stretches do not hold. */
void ck_revolve_end(ck_revolve *r)
{
	if (r->online != 1)
		return;
	r->online = 2;
	if (r->nsnaps && !r->maxsnaps)
		rv_choose(r);
	ck_stats_add_recomputations((unsigned long long)r->steps);
	rv_stretches(r);
	rv_note(r);
}

long ck_revolve_steps(const ck_revolve *r)
{
	return r->steps;
}

int ck_revolve_snaps(const ck_revolve *r)
{
	return r->maxsnaps;
}

int ck_revolve_next(ck_revolve *r)
{
	if (r->flush) { /* the snapshot just saved goes to its file */
		rv_to_disk(r, r->flush - 1);
		r->flush = 0;
	}
	for (;;) {
		if (!r->ntasks)
			return CK_RV_DONE;
		rv_task t = r->tasks[--r->ntasks];
		if (t.what != RV_EMIT) {
			rv_expand(r, t);
			continue;
		}
		r->cur_step = t.a;
		if (t.kind == CK_RV_TAKESHOT) {
			if (r->work)
				rv_room(r, r->nsnaps + 1);
			r->snap_step[r->nsnaps] = t.a;
			r->snaps[r->nsnaps++] = ck_snap_new();
			if (t.c == 1) /* to a file, once saved */
				r->flush = r->nsnaps;
		} else if (t.kind == CK_RV_RESTORE) {
			/* checkpoints above the one restored are done with */
			while (r->snap_step[r->nsnaps - 1] != t.a)
				rv_drop(r, r->nsnaps - 1);
			if (r->path && r->path[r->nsnaps - 1])
				rv_from_disk(r, r->nsnaps - 1);
			ck_snap_rewind(r->snaps[r->nsnaps - 1]);
		}
		return t.kind;
	}
}

long ck_revolve_step(const ck_revolve *r)
{
	return r->cur_step;
}

ck_snap *ck_revolve_snap(ck_revolve *r)
{
	return r->snaps[r->nsnaps - 1];
}

void ck_revolve_free(ck_revolve *r)
{
	if (!r)
		return;
	while (r->nsnaps)
		rv_drop(r, r->nsnaps - 1);
	ck_snapshot_free(r->path, sizeof *r->path * (size_t)r->room);
	ck_snapshot_free(r->snaps, sizeof *r->snaps * (size_t)r->room);
	ck_snapshot_free(r->snap_step, sizeof *r->snap_step * (size_t)r->room);
	if (r->work)
		ck_snapshot_free(r->work,
				 sizeof *r->work * (size_t)(2 * r->room + 2));
	ck_snapshot_free(r->tasks, sizeof *r->tasks * (size_t)r->cap);
	ck_snapshot_free(r, sizeof *r);
}
