/* ck_stats is exact at ck_tape_note_peak and ck_snapshot_alloc, never
 * overstates, and ck_stats_reset starts over from what is in use. */
// RUN: %cc %s -o %t %ckrt
// RUN: %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 0 failed
#include "ckcheck.h"
#include "ckrt.h"

static ck_stats st;

static void get(void)
{
	ck_stats_get(&st);
}

int main(void)
{
	ck_tape *t = ck_tape_get();
	void *a, *b, *c;
	int i;

	get();
	ck_check("nothing used at start",
		 st.peak_bytes == 0 && st.tape_peak_bytes == 0 &&
			 st.snapshot_peak_bytes == 0 && st.recomputations == 0);

	/* Mixed pushes, then the forward->reverse turn. */
	for (i = 0; i < 1000; i++)
		ck_push_d(t, i);
	for (i = 0; i < 500; i++)
		ck_push_f(t, (float)i);
	for (i = 0; i < 300; i++)
		ck_push_i(t, i);
	for (i = 0; i < 77; i++)
		ck_push_b(t, i);
	ck_check("bytes in use",
		 ck_tape_bytes(t) == 1000 * sizeof(double) +
					     500 * sizeof(float) +
					     300 * sizeof(long) + 77);
	ck_tape_note_peak(t);
	for (i = 0; i < 77; i++)
		ck_pop_b(t);
	for (i = 0; i < 300; i++)
		ck_pop_i(t);
	for (i = 0; i < 500; i++)
		ck_pop_f(t);
	for (i = 0; i < 1000; i++)
		ck_pop_d(t);
	get();
	ck_check("tape peak exact after note_peak",
		 st.tape_peak_bytes == 8000 + 2000 + 300 * sizeof(long) + 77);
	ck_check("total peak = tape peak", st.peak_bytes == st.tape_peak_bytes);
	ck_check("no snapshots", st.snapshot_peak_bytes == 0);

	ck_stats_reset();
	get();
	ck_check("reset on an empty tape", st.peak_bytes == 0 &&
						    st.tape_peak_bytes == 0);

	/* Without note_peak the peak may be lower, never higher. */
	for (i = 0; i < 100000; i++)
		ck_push_d(t, i);
	for (i = 0; i < 100000; i++)
		ck_pop_d(t);
	get();
	ck_check("unnoted peak not overstated",
		 st.tape_peak_bytes <= 800000 && st.tape_peak_bytes > 0);
	ck_stats_reset();

	/* Snapshots, alone and together with the tape. */
	a = ck_snapshot_alloc(1000);
	b = ck_snapshot_alloc(24);
	get();
	ck_check("snapshot peak", st.snapshot_peak_bytes == 1024);
	ck_check("total peak with snapshots", st.peak_bytes == 1024);
	ck_snapshot_free(a, 1000);
	for (i = 0; i < 100; i++)
		ck_push_d(t, i);
	ck_tape_note_peak(t);
	get();
	ck_check("tape peak 800", st.tape_peak_bytes == 800);
	ck_check("total peak still 1024", st.peak_bytes == 1024);
	c = ck_snapshot_alloc(500);
	get();
	ck_check("total peak 800 + 24 + 500", st.peak_bytes == 1324);
	ck_check("snapshot peak still 1024", st.snapshot_peak_bytes == 1024);
	ck_snapshot_free(b, 24);
	ck_snapshot_free(c, 500);
	c = ck_snapshot_alloc(0);
	ck_check("zero-byte snapshot is not NULL", c != NULL);
	ck_snapshot_free(c, 0);

	/* Reset with 100 doubles still on the tape. */
	ck_stats_reset();
	get();
	ck_check("reset keeps what is in use", st.tape_peak_bytes == 800 &&
						       st.peak_bytes == 800 &&
						       st.snapshot_peak_bytes == 0);
	for (i = 0; i < 100; i++)
		ck_pop_d(t);

	ck_stats_add_recomputations(3);
	ck_stats_add_recomputations(4);
	get();
	ck_check("recomputations add up", st.recomputations == 7);
	ck_stats_reset();
	get();
	ck_check("recomputations reset", st.recomputations == 0);
	return ck_done();
}
