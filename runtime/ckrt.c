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
#include "ckrt.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Chunk payload sizes: the first chunk of a stack holds CHUNK_MIN bytes,
 * each newly allocated one twice the previous, up to CHUNK_MAX.  Both are
 * multiples of every entry size, so chunks below the current one are
 * exactly full. */
#define CHUNK_MIN ((size_t)4096)
#define CHUNK_MAX ((size_t)1 << 20)

typedef struct chunk {
	struct chunk *prev, *next; /* below / above (kept for reuse) */
	size_t cap;                /* payload bytes */
	max_align_t payload[];
} chunk;

/* A thread's runtime state; the tape comes first so that a ck_tape * is a
 * struct thread *. */
typedef struct thread {
	ck_tape tape;
	int registered;    /* the key destructor is armed */
	size_t snap_bytes; /* snapshot bytes in use */
	size_t tape_peak, snap_peak, peak;
	unsigned long long recomputations;
} thread;

static __thread thread self;

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

/* Samples what th has in use into its peaks. */
static void note_peak(thread *th)
{
	size_t tb = tape_bytes(&th->tape);

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
	pthread_mutex_unlock(&exited_lock);
}

void ck_stats_reset(void)
{
	self.tape_peak = self.snap_peak = self.peak = 0;
	self.recomputations = 0;
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
}

__attribute__((constructor)) static void stats_at_exit(void)
{
	const char *e = getenv("CK_STATS");

	if (e && *e && strcmp(e, "0") != 0)
		atexit(print_stats);
}

/* ---------------------------------------------------------------- thread */

static void free_stack(struct ck_stack_ *s, int all);

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
	pthread_mutex_unlock(&exited_lock);
	for (k = 0; k < CK_NSTACKS_; k++)
		free_stack(&th->tape.s[k], 1);
	/* A later use in this thread (another key's destructor) arms the
	 * destructor again. */
	th->registered = 0;
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
}

/* ------------------------------------------------------------------ tape */

ck_tape *ck_tape_get(void)
{
	register_thread();
	return &self.tape;
}

static void enter_chunk(struct ck_stack_ *s, chunk *c, int full)
{
	s->chunk = c;
	s->base = (char *)c->payload;
	s->limit = s->base + c->cap;
	s->top = full ? s->limit : s->base;
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
	if (cur)
		s->below += cur->cap;
	enter_chunk(s, c, 0);
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
	s->below -= cur->prev->cap;
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
		s->below -= c->cap;
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

void ck_tape_release(void)
{
	int k;

	for (k = 0; k < CK_NSTACKS_; k++)
		free_stack(&self.tape.s[k], 0);
}

/* ------------------------------------------------------------- snapshots */

void *ck_snapshot_alloc(size_t bytes)
{
	void *p =
		xalloc(bytes ? bytes : 1, "allocating a checkpoint snapshot");

	register_thread();
	self.snap_bytes += bytes;
	note_peak(&self);
	return p;
}

void ck_snapshot_free(void *p, size_t bytes)
{
	if (!p)
		return;
	xfree(p, bytes ? bytes : 1);
	self.snap_bytes -= bytes;
}

/* ------------------------------------------------------------ checkpoints */

struct ck_snap {
	unsigned char *data;
	size_t size, cap, pos;
};

ck_snap *ck_snap_new(void)
{
	ck_snap *s = ck_snapshot_alloc(sizeof *s);
	memset(s, 0, sizeof *s);
	return s;
}

void ck_snap_save(ck_snap *s, const void *p, size_t bytes)
{
	if (s->size + bytes > s->cap) {
		/* grow by whole 64-byte lines, so that the snapshot statistics
		 * stay close to the bytes saved */
		size_t cap = (s->size + bytes + 63) / 64 * 64;
		unsigned char *d = ck_snapshot_alloc(cap);
		if (s->size)
			memcpy(d, s->data, s->size);
		ck_snapshot_free(s->data, s->cap);
		s->data = d;
		s->cap = cap;
	}
	memcpy(s->data + s->size, p, bytes);
	s->size += bytes;
}

void ck_snap_load(ck_snap *s, void *p, size_t bytes)
{
	if (s->pos + bytes > s->size) {
		fprintf(stderr, "ckrt: a checkpoint is read past its end (%lu of "
				"%lu bytes): saves and loads do not match\n",
			(unsigned long)(s->pos + bytes), (unsigned long)s->size);
		abort();
	}
	memcpy(p, s->data + s->pos, bytes);
	s->pos += bytes;
}

void ck_snap_rewind(ck_snap *s)
{
	s->pos = 0;
}

void ck_snap_free(ck_snap *s)
{
	if (!s)
		return;
	ck_snapshot_free(s->data, s->cap);
	ck_snapshot_free(s, sizeof *s);
}
