/* A freed snapshot is kept by its thread and handed out again by
 * ck_snap_new, buffer and all, so a region called in a loop allocates
 * nothing after its first call; the statistics count a reused snapshot
 * exactly as a new one (its saves rounded to 64-byte lines, plus the
 * struct), whatever buffer it kept; a large buffer is not kept; and
 * ck_tape_release gives the kept ones back.  Bulk pushes and pops
 * (ck_push_nd, ck_pop_nd) across chunk boundaries keep every value. */
// RUN: %cc %s -o %t %ckrt
// RUN: %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 0 failed
#include <stdlib.h>

#include "ckcheck.h"
#include "ckrt.h"

static long live_blocks, allocations;

static void *counting(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	(void)ud;
	(void)old_size;
	if (new_size == 0) {
		if (ptr)
			live_blocks--;
		free(ptr);
		return NULL;
	}
	if (!ptr) {
		live_blocks++;
		allocations++;
	}
	return realloc(ptr, new_size);
}

/* The snapshot peak of one region: a new snapshot, saves of the given
 * sizes, a load of all of it, a free. */
static size_t region(const size_t *sizes, int n)
{
	static unsigned char data[8192], back[8192];
	ck_stats st;
	ck_snap *s;
	size_t total = 0;
	int k;

	ck_stats_reset();
	s = ck_snap_new();
	for (k = 0; k < n; k++) {
		ck_snap_save(s, data + total, sizes[k]);
		total += sizes[k];
	}
	ck_snap_rewind(s);
	ck_snap_load(s, back, total);
	ck_snap_free(s);
	ck_stats_get(&st);
	return st.snapshot_peak_bytes;
}

int main(void)
{
	static const size_t small[] = { 32, 8 }, grow[] = { 40, 40, 100 };
	static const size_t big[] = { 5000 };
	static double in[3000], out[3000];
	size_t first, again, grown, after;
	long before;
	ck_tape *t;
	int i;

	ck_set_allocator(counting, NULL);
	first = region(small, 2);
	ck_check("a new snapshot counts its lines and struct",
		 first >= 64 && first < 64 + 64);
	before = allocations;
	again = region(small, 2);
	ck_check("a reused snapshot allocates nothing", allocations == before);
	ck_check("a reused snapshot counts as a new one", again == first);

	/* Grown to 192 bytes (3 lines), then reused for 40: counted as 64. */
	grown = region(grow, 3);
	ck_check("growth counts the new lines before the old go",
		 grown == first - 64 + 128 + 192);
	after = region(small, 2);
	ck_check("a reused larger buffer counts only what is saved",
		 after == first);

	/* A buffer over the limit is not kept (the one kept so far grows
	 * past it here); a small one is kept again after it. */
	region(big, 1);
	ck_check("a large buffer is not kept", live_blocks == 0);
	region(small, 2);
	before = live_blocks;
	ck_check("a small one is", before == 2);
	ck_tape_release();
	ck_check("kept snapshots are released", live_blocks < before);
	ck_check("nothing left after the release", live_blocks == 0);

	/* Bulk copies through several chunks. */
	t = ck_tape_get();
	for (i = 0; i < 3000; i++)
		in[i] = i * 0.5;
	for (i = 0; i < 400; i++) {
		ck_push_d(t, -1.0);
		ck_push_nd(t, in, 3000);
	}
	ck_push_nd(t, NULL, 7);
	for (i = 0; i < 7; i++)
		if (ck_pop_d(t) != 0.0)
			break;
	ck_check("NULL pushes zeros", i == 7);
	for (i = 0; i < 400; i++) {
		int j;
		ck_pop_nd(t, out, 3000);
		for (j = 0; j < 3000; j++)
			if (out[j] != in[j])
				break;
		if (j < 3000 || ck_pop_d(t) != -1.0)
			break;
	}
	ck_check("bulk pops return every value in order", i == 400);
	ck_check("the tape is empty again", ck_tape_bytes(t) == 0);
	ck_tape_release();
	ck_check("all memory back", live_blocks == 0);
	ck_set_allocator(NULL, NULL);
	return ck_done();
}
