/* Blocks (ck_block_push_d/f, ck_block_pop_d/f) between single and bulk
 * pushes: a block is contiguous whatever its size (larger than a chunk,
 * at a chunk's end, in a chunk kept from before that is too small), its
 * entries may be filled in any order after later pushes, the pop gives
 * them back (also when the pushes after it ended a chunk), and the values
 * around it come back too.  The tape's byte count and the peak statistic
 * are exact. */
// RUN: %cc %s -o %t %ckrt
// RUN: %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 0 failed
#include <stdint.h>

#include "ckcheck.h"
#include "ckrt.h"

enum { LEVELS = 6 };

static double dval(long i, long k) { return (double)i * 1000.5 + (double)k; }
static float fval(long i, long k) { return (float)(i * 7 + k % 97); }

int main(void)
{
	ck_tape *t = ck_tape_get();
	/* block sizes, in entries: empty, small, a chunk's end, beyond the
	 * largest chunk (1 MiB), then sizes again over kept chunks */
	static const long sizes[LEVELS] = {0, 3, 600, 300000, 131072, 40000};
	double *bd[LEVELS];
	float *bf[LEVELS];
	long singles[LEVELS];
	size_t bytes = 0, peak = 0;
	long bad = 0, contiguous = 1;

	ck_stats_reset();
	for (int round = 0; round < 3; round++) {
		bytes = 0;
		for (int l = 0; l < LEVELS; l++) {
			long n = sizes[(l + round) % LEVELS];
			bd[l] = ck_block_push_d(t, (size_t)n);
			bf[l] = ck_block_push_f(t, (size_t)n / 2);
			singles[l] = 1 + (long)((ck_rand() + 1) * 3000.0);
			for (long k = 0; k < singles[l]; k++)
				ck_push_d(t, dval(-l, k));
			/* filled after the pushes that follow it, backwards */
			for (long k = n - 1; k >= 0; k--)
				bd[l][k] = dval(l, k);
			for (long k = n / 2 - 1; k >= 0; k--)
				bf[l][k] = fval(l, k);
			contiguous &= n < 2 || (uintptr_t)(bd[l] + n - 1) -
							       (uintptr_t)bd[l] ==
						       (size_t)(n - 1) *
							       sizeof(double);
			bytes += (size_t)(n + singles[l]) * sizeof(double) +
				 (size_t)(n / 2) * sizeof(float);
		}
		ck_check("entries counted exactly", ck_tape_bytes(t) == bytes);
		ck_tape_note_peak(t);
		if (bytes > peak)
			peak = bytes;
		for (int l = LEVELS - 1; l >= 0; l--) {
			long n = sizes[(l + round) % LEVELS];
			for (long k = singles[l] - 1; k >= 0; k--)
				bad += ck_pop_d(t) != dval(-l, k);
			const float *qf = ck_block_pop_f(t, (size_t)n / 2);
			const double *qd = ck_block_pop_d(t, (size_t)n);
			for (long k = 0; k < n / 2; k++)
				bad += qf[k] != fval(l, k);
			for (long k = 0; k < n; k++)
				bad += qd[k] != dval(l, k);
		}
		ck_check("tape empty", ck_tape_bytes(t) == 0);
	}
	ck_check("every value came back", bad == 0);
	ck_check("blocks are contiguous", contiguous);
	ck_stats s;
	ck_stats_get(&s);
	ck_check("the peak is the tape at its highest",
		 s.tape_peak_bytes == peak);
	ck_tape_release();
	return ck_done();
}
