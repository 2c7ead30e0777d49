/* Arrays saved into and loaded from a checkpoint: ck_snap_save_at and
 * ck_snap_load_at give the place of the bytes, and count them as
 * ck_snap_save and ck_snap_load do; compiled with OpenMP, CK_SAVE_N and
 * CK_LOAD_N copy an array of 1 MiB or more by the threads, a slice each
 * (sizes that do not divide into the threads' slices included), and give
 * back every byte, with the same snapshot statistics as the serial build. */
// RUN: %cc %s -o %t %ckrt
// RUN: %t | FileCheck %s
// RUN: %cc -fopenmp %s -o %t.omp %ckrt
// RUN: env OMP_NUM_THREADS=2 %t.omp | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %t.omp | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 0 failed
#include <stdio.h>
#include <stdlib.h>

#include "ckcheck.h"
#include "ckrt.h"

int main(void)
{
	/* 1 MiB + 3 doubles, below it, and small */
	static const size_t sizes[] = {(1u << 17) + 3, (1u << 17) - 5, 7};
	for (int k = 0; k < 3; k++) {
		size_t n = sizes[k];
		double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
		double *c = malloc(n * sizeof *c);
		ck_stats st;
		for (size_t i = 0; i < n; i++)
			a[i] = (double)i * 0.5 - 3.0, c[i] = 1.0 / (double)(i + 1);
		/* the same saves through ck_snap_save */
		ck_stats ref;
		ck_stats_reset();
		ck_snap *r = ck_snap_new();
		ck_snap_save(r, a, n * sizeof *a);
		ck_snap_save(r, c, n * sizeof *c);
		ck_stats_get(&ref);
		ck_snap_free(r);
		ck_stats_reset();
		ck_snap *s = ck_snap_new();
		CK_SAVE_N(s, a, n);
		double *at = ck_snap_save_at(s, n * sizeof *c);
		for (size_t i = 0; i < n; i++)
			at[i] = c[i];
		ck_stats_get(&st);
		ck_check("snapshot bytes counted as ck_snap_save counts them",
			 st.snapshot_peak_bytes == ref.snapshot_peak_bytes &&
				 st.snapshot_peak_bytes >= 2 * n * sizeof(double));
		ck_snap_rewind(s);
		CK_LOAD_N(s, b, n);
		int same = 1;
		for (size_t i = 0; i < n; i++)
			same &= b[i] == a[i];
		ck_check("CK_LOAD_N gives back CK_SAVE_N's array", same);
		const double *back = ck_snap_load_at(s, n * sizeof *c);
		same = 1;
		for (size_t i = 0; i < n; i++)
			same &= back[i] == c[i];
		ck_check("ck_snap_load_at gives back what ck_snap_save_at took",
			 same);
		ck_snap_free(s);
		free(a);
		free(b);
		free(c);
	}
	return ck_done();
}
