/* When the allocator fails, the runtime says so (naming the cause and the
 * size) and exits with status 1: no crash, no silent continuation.  The
 * allocator here fails on its N-th call (N from argv[1]). */
// (The status must be 1 exactly: `not` would also accept a crash.)
// RUN: %cc %s -o %t %ckrt
// RUN: bash -c '%t tape 1; test $? -eq 1' 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: bash -c '%t tape 5; test $? -eq 1' 2>&1 | FileCheck %s --check-prefix=TAPE
// RUN: bash -c '%t snapshot 3; test $? -eq 1' 2>&1 | FileCheck %s --check-prefix=SNAP
// RUN: %t tape 1000000 | FileCheck %s --check-prefix=NOFAIL
// FIRST: ckrt: out of memory growing the tape ({{[0-9]+}} bytes requested)
// FIRST-NOT: reached
// TAPE: ckrt: out of memory growing the tape ({{[0-9]+}} bytes requested)
// TAPE-NOT: reached
// SNAP: ckrt: out of memory allocating a checkpoint snapshot (3000 bytes requested)
// SNAP-NOT: reached
// NOFAIL: reached the end
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ckrt.h"

static long calls, fail_at;

static void *failing(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	(void)ud;
	(void)old_size;
	if (new_size == 0) {
		free(ptr);
		return NULL;
	}
	if (++calls == fail_at)
		return NULL;
	return realloc(ptr, new_size);
}

int main(int argc, char **argv)
{
	ck_tape *t;
	long i;

	if (argc != 3)
		return 2;
	fail_at = atol(argv[2]);
	ck_set_allocator(failing, NULL);
	t = ck_tape_get();
	if (strcmp(argv[1], "tape") == 0) {
		for (i = 0; i < 10000000L; i++)
			ck_push_d(t, (double)i);
		for (i = 0; i < 10000000L; i++)
			ck_pop_d(t);
	} else {
		for (i = 1; i <= 10; i++)
			ck_snapshot_free(ck_snapshot_alloc((size_t)i * 1000),
					 (size_t)i * 1000);
	}
	fflush(stderr);
	printf("reached the end\n");
	return 0;
}
