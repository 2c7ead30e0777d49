/* CK_STATS=1 prints a summary of the statistics to stderr at exit; without
 * it (or with CK_STATS=0) nothing is printed. */
// RUN: %cc %s -o %t %ckrt
// RUN: env CK_STATS=1 %t 2>&1 >/dev/null | FileCheck %s
// RUN: %t 2>&1 | count 0
// RUN: env CK_STATS=0 %t 2>&1 | count 0
// CHECK: ckrt stats: peak derivative memory 1064 bytes (tape peak 800 bytes, snapshot peak 264 bytes), 5 recomputations.
#include "ckrt.h"

int main(void)
{
	ck_tape *t = ck_tape_get();
	void *s = ck_snapshot_alloc(264);
	int i;

	for (i = 0; i < 100; i++)
		ck_push_d(t, i);
	ck_tape_note_peak(t);
	for (i = 0; i < 100; i++)
		ck_pop_d(t);
	ck_snapshot_free(s, 264);
	ck_stats_add_recomputations(5);
	return 0;
}
