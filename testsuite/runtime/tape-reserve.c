/* Reservations and releases (ck_reserve_d/f, ck_release_d/f) mixed with
 * single and bulk pushes and pops, in sawtooth rounds: every value comes
 * back, whichever way it was pushed and is popped, also where a
 * reservation leaves the rest of a chunk unused and where a release spans
 * two chunks (its buffer).  ck_tape_bytes counts entries only, never the
 * unused ends of chunks. */
// RUN: %cc %s -o %t %ckrt
// RUN: %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 0 failed
#include <stdlib.h>

#include "ckcheck.h"
#include "ckrt.h"

#define MAX 2000000L

static long depth, bad, fdepth;
static long spans; /* releases that took their values from the buffer */

static double dval(long i) { return (double)i * 1.25 - 3.0; }
static float fval(long i) { return (float)(i % 1000) * 0.5f; }

/* n doubles pushed one way or another */
static void push_d(ck_tape *t, long n, int how)
{
	if (how == 0) {
		double *p = ck_reserve_d(t, (size_t)n);
		for (long k = 0; k < n; k++)
			p[k] = dval(depth + k);
	} else if (how == 1) {
		for (long k = 0; k < n; k++)
			ck_push_d(t, dval(depth + k));
	} else {
		double v[128];
		for (long k = 0; k < n; k++)
			v[k] = dval(depth + k);
		ck_push_nd(t, v, (size_t)n);
	}
	depth += n;
}

static void pop_d(ck_tape *t, long n, int how)
{
	depth -= n;
	if (how == 0) {
		double buf[128];
		const double *q = ck_release_d(t, (size_t)n, buf);
		spans += q == buf;
		for (long k = 0; k < n; k++)
			bad += q[k] != dval(depth + k);
	} else {
		for (long k = n - 1; k >= 0; k--)
			bad += ck_pop_d(t) != dval(depth + k);
	}
}

int main(void)
{
	ck_tape *t = ck_tape_get();
	long round;

	for (round = 0; round < 6; round++) {
		/* pushes in groups of 1 to 128 until about MAX entries */
		while (depth < MAX * (round + 1) / 8) {
			long n = 1 + (long)((ck_rand() + 1) * 63.5);
			push_d(t, n, (int)((ck_rand() + 1) * 1.5));
			if (ck_rand() > 0.5) {
				float *p = ck_reserve_f(t, 3);
				for (int k = 0; k < 3; k++)
					p[k] = fval(fdepth + k);
				fdepth += 3;
			}
		}
		ck_check("entries counted exactly",
			 ck_tape_bytes(t) == (size_t)depth * sizeof(double) +
						    (size_t)fdepth * sizeof(float));
		/* pops in groups of other sizes: releases span reservations */
		while (depth > MAX * round / 16) {
			long n = 1 + (long)((ck_rand() + 1) * 40.0);
			if (n > depth)
				n = depth;
			pop_d(t, n, ck_rand() > 0);
		}
	}
	while (depth > 0)
		pop_d(t, depth < 100 ? depth : 100, 0);
	while (fdepth > 0) {
		float buf[3];
		const float *q = ck_release_f(t, 3, buf);
		fdepth -= 3;
		for (int k = 0; k < 3; k++)
			bad += q[k] != fval(fdepth + k);
	}
	ck_check("every value came back", bad == 0);
	ck_check("some releases spanned two chunks", spans > 0);
	ck_check("tape empty", ck_tape_bytes(t) == 0);
	return ck_done();
}
