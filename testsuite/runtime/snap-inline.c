/* ckrt.h saves into a snapshot and loads from it inline where the bytes
 * stay inside the 64-byte lines counted so far (zeros for a NULL source,
 * a skip for a NULL destination), and calls the library for a save that
 * starts a line.  Whichever path a save takes, the values come back in order
 * and the statistics are the struct plus the saved bytes rounded up to
 * whole lines, sampled as each line is added (the new line counted before
 * the old ones go); a load past the end aborts
 * with a message, inline or not. */
// RUN: %cc %s -o %t %ckrt
// RUN: %t | FileCheck %s
// RUN: not --crash %t overrun 2>&1 | FileCheck --check-prefix=OVER %s
// CHECK-NOT: FAIL
// CHECK: 0 failed
// OVER: ckrt: a checkpoint is read past its end (72 of 64 bytes): saves and loads do not match
#include <string.h>

#include "ckcheck.h"
#include "ckrt.h"

static size_t lines(size_t bytes)
{
	return (bytes + 63) / 64 * 64;
}

/* A snapshot that grew a line at a time to hold bytes (> 0): the new line
 * is counted before the old ones go, as when a new buffer replaces them. */
static size_t grown(size_t bytes)
{
	return 2 * lines(bytes) - 64;
}

static size_t snap_peak(void)
{
	ck_stats st;

	ck_stats_get(&st);
	return st.snapshot_peak_bytes;
}

int main(int argc, char **argv)
{
	static double in[64], out[64];
	size_t base, saved = 0, want;
	double d = 2.5, e = 0, zero = 1, z[3];
	unsigned char c = 7, c2 = 0;
	const double *at;
	double *to;
	ck_snap *s;
	int i, ok = 1, peaks_ok = 1;

	for (i = 0; i < 64; i++)
		in[i] = i + 0.25;

	/* the struct alone */
	ck_stats_reset();
	s = ck_snap_new();
	base = snap_peak();
	ck_snap_free(s);

	if (argc > 1 && strcmp(argv[1], "overrun") == 0) {
		s = ck_snap_new();
		ck_snap_save(s, in, 64);
		ck_snap_rewind(s);
		ck_snap_load(s, out, 56);
		ck_snap_load(s, out, 16);
		return 0;
	}

	/* one double at a time: every eighth save starts a line */
	ck_stats_reset();
	s = ck_snap_new();
	for (i = 0; i < 64; i++) {
		CK_SAVE(s, in[i]);
		saved += sizeof in[i];
		if (snap_peak() != base + grown(saved))
			peaks_ok = 0;
	}
	ck_check("the peak grows a line at a time, at the save that starts it",
		 peaks_ok);
	/* zeros, which start a line, then a save_at and a byte inside it */
	CK_SAVE_ZERO(s, zero);
	to = ck_snap_save_at(s, sizeof z);
	to[0] = -1;
	to[1] = -2;
	to[2] = -3;
	CK_SAVE(s, d);
	CK_SAVE_ZERO(s, d);
	CK_SAVE(s, c);
	saved += sizeof c + sizeof zero + sizeof z + 2 * sizeof d;
	ck_check("the peak is the struct and the lines saved",
		 snap_peak() == base + grown(saved));

	ck_snap_rewind(s);
	for (i = 0; i < 64; i++)
		CK_LOAD(s, out[i]);
	for (i = 0; i < 64; i++)
		if (out[i] != in[i])
			ok = 0;
	ck_check("doubles come back in order", ok);
	CK_LOAD(s, zero);
	ck_check("a zero save loads 0", zero == 0.0);
	at = ck_snap_load_at(s, sizeof z);
	ck_check("save_at's bytes load back",
		 at[0] == -1 && at[1] == -2 && at[2] == -3);
	CK_LOAD(s, e);
	CK_LOAD(s, zero);
	ck_check("a zero saved inside a line loads 0", zero == 0.0);
	CK_LOAD(s, c2);
	ck_check("a double and a byte come back", e == d && c2 == 7);
	ck_snap_rewind(s);
	ck_snap_load(s, NULL, 8 * sizeof(double));
	CK_LOAD(s, e);
	ck_check("a skip moves past what it skips", e == in[8]);
	CK_SKIP(s, e);
	CK_LOAD(s, e);
	ck_check("a skip inside a line", e == in[10]);
	ck_snap_free(s);
	ck_check("the peak stays", snap_peak() == base + grown(saved));

	/* a reused snapshot: its buffer is large, its count starts again */
	ck_stats_reset();
	s = ck_snap_new();
	ck_snap_save(s, in, 8);
	want = base + 64;
	ck_snap_save(s, in + 1, 56);
	ck_check("56 more bytes fill the line", snap_peak() == want);
	ck_snap_save(s, in + 8, 8);
	ck_check("the next byte starts a line", snap_peak() == want + 128);
	ck_snap_rewind(s);
	ck_snap_load(s, out, 72);
	ck_check("a reused buffer's values",
		 memcmp(out, in, 64) == 0 && out[8] == in[8]);
	ck_snap_free(s);
	return ck_done();
}
