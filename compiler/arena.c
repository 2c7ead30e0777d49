/*
 * arena.c - the compiler's memory.
 *
 * Every IR node, string and table of one ckc run comes from this arena;
 * nothing is freed before exit (arena_free_all).  Allocation failure is
 * fatal with a message, so callers never check for NULL.
 */
#include "ckc.h"

#include <stdlib.h>
#include <string.h>

typedef struct Block {
	struct Block *next;
	size_t used, size;
	/* max_align_t is C11; a union of the widest C99 types aligns as well */
	union {
		long double ld;
		void *p;
		long long ll;
	} data[1];
} Block;

static Block *arena_head;

static void *arena_oom(size_t size)
{
	fprintf(stderr, "ckc: out of memory (allocating %lu bytes)\n",
		(unsigned long)size);
	exit(3);
}

void *arena_alloc(size_t size)
{
	const size_t align = sizeof(arena_head->data[0]);
	size = (size + align - 1) / align * align;
	if (!arena_head || arena_head->size - arena_head->used < size) {
		size_t cap = size > 65536 ? size : 65536;
		Block *b = malloc(sizeof(Block) + cap);
		if (!b)
			return arena_oom(size);
		b->next = arena_head;
		b->used = 0;
		b->size = cap;
		arena_head = b;
	}
	void *p = (char *)arena_head->data + arena_head->used;
	arena_head->used += size;
	memset(p, 0, size);
	return p;
}

void *scratch_alloc(size_t size)
{
	void *p = calloc(size ? size : 1, 1);
	return p ? p : arena_oom(size);
}

char *arena_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(arena_alloc(n), s, n);
}

char *arena_printf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = arena_alloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

/* Arrays grow by doubling; capacities are the powers of two at or above
 * the count, so no capacity field is needed. */
void *arena_room(void *v, int n, size_t elem)
{
	if (n == 0 || (n >= 8 && (n & (n - 1)) == 0)) {
		size_t cap = n == 0 ? 8 : (size_t)n * 2;
		void *nv = arena_alloc(cap * elem);
		if (n > 0)
			memcpy(nv, v, (size_t)n * elem);
		return nv;
	}
	return v;
}

void arena_push(void ***items, int *n, void *item)
{
	int cap = 4;
	while (cap < *n)
		cap *= 2;
	if (*n == 0 || *n == cap) {
		int ncap = *n == 0 ? 4 : cap * 2;
		void **fresh = arena_alloc(sizeof(void *) * (size_t)ncap);
		if (*n)
			memcpy(fresh, *items, sizeof(void *) * (size_t)*n);
		*items = fresh;
	}
	(*items)[(*n)++] = item;
}

void arena_free_all(void)
{
	while (arena_head) {
		Block *next = arena_head->next;
		free(arena_head);
		arena_head = next;
	}
}
