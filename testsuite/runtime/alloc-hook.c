/* Every allocation of the runtime goes through the allocator hook, and
 * ck_tape_release gives back what an empty tape holds. */
// RUN: %cc %s -o %t %ckrt
// RUN: %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 0 failed
#include <stdlib.h>

#include "ckcheck.h"
#include "ckrt.h"

static long live_blocks;
static size_t live_bytes;
static int ud_seen;

static void *counting(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	ud_seen = ud == &live_blocks;
	if (new_size == 0) {
		if (ptr) {
			live_blocks--;
			live_bytes -= old_size;
		}
		free(ptr);
		return NULL;
	}
	if (!ptr)
		live_blocks++;
	live_bytes += new_size - old_size;
	return realloc(ptr, new_size);
}

int main(void)
{
	ck_tape *t;
	ck_alloc_fn fn;
	void *ud, *s;
	long i;

	ck_set_allocator(counting, &live_blocks);
	ck_get_allocator(&fn, &ud);
	ck_check("get returns the hook", fn == counting && ud == &live_blocks);
	t = ck_tape_get();
	for (i = 0; i < 1000000; i++) {
		ck_push_d(t, 1.0);
		ck_push_b(t, 1);
	}
	ck_check("tape chunks come from the hook", live_blocks > 0);
	ck_check("user data passed", ud_seen);
	ck_check("chunks hold the entries",
		 live_bytes >= 1000000 * (sizeof(double) + 1));
	/* Half popped: release frees only chunks without entries. */
	for (i = 0; i < 500000; i++) {
		ck_pop_b(t);
		ck_pop_d(t);
	}
	ck_tape_release();
	ck_check("entries survive a release", live_bytes >= 500000 * 9);
	for (i = 0; i < 500000; i++) {
		if (ck_pop_b(t) != 1 || ck_pop_d(t) != 1.0)
			break;
	}
	ck_check("entries intact after release", i == 500000);
	ck_tape_release();
	ck_check("empty tape released completely",
		 live_blocks == 0 && live_bytes == 0);

	s = ck_snapshot_alloc(12345);
	ck_check("snapshot from the hook", live_blocks == 1);
	ck_snapshot_free(s, 12345);
	ck_check("snapshot freed through the hook",
		 live_blocks == 0 && live_bytes == 0);

	/* The tape works again after a full release. */
	for (i = 0; i < 100000; i++)
		ck_push_i(t, i);
	for (i = 99999; i >= 0; i--)
		if (ck_pop_i(t) != i)
			break;
	ck_check("tape usable after release", i == -1);
	ck_tape_release();
	ck_set_allocator(NULL, NULL);
	ck_get_allocator(&fn, &ud);
	ck_check("NULL restores the default", fn != counting && ud == NULL);
	return ck_done();
}
