/* Pushes of all types in a random interleaving, popped in reverse in
 * sawtooth rounds (partial pops, more pushes), come back exactly. */
// RUN: %cc %s -o %t %ckrt
// RUN: %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 0 failed
#include <stdlib.h>

#include "ckcheck.h"
#include "ckrt.h"

#define MAX 3000000L

static unsigned char *kind; /* the type of every entry on the tape */
static long depth;
static long bad;

/* The value of the entry at position i, per type. */
static double dval(long i) { return (double)i * 1.25 - 3.0; }
static float fval(long i) { return (float)(i % 1000) * 0.5f; }
static long ival(long i) { return 1000003L * i; }
static int bval(long i) { return (int)((i * 31) & 255); }

static void push(ck_tape *t, int k)
{
	kind[depth] = (unsigned char)k;
	switch (k) {
	case 0: ck_push_d(t, dval(depth)); break;
	case 1: ck_push_f(t, fval(depth)); break;
	case 2: ck_push_i(t, ival(depth)); break;
	default: ck_push_b(t, bval(depth)); break;
	}
	depth++;
}

static void pop(ck_tape *t)
{
	depth--;
	switch (kind[depth]) {
	case 0: bad += ck_pop_d(t) != dval(depth); break;
	case 1: bad += ck_pop_f(t) != fval(depth); break;
	case 2: bad += ck_pop_i(t) != ival(depth); break;
	default: bad += ck_pop_b(t) != bval(depth); break;
	}
}

int main(void)
{
	ck_tape *t = ck_tape_get();
	long round, n;

	kind = malloc(MAX);
	if (!kind)
		return 1;
	for (round = 0; round < 8; round++) {
		n = (long)((ck_rand() + 1) * 0.5 * (double)(MAX - depth));
		while (n-- > 0)
			push(t, (int)((ck_rand() + 1) * 2) & 3);
		n = (long)((ck_rand() + 1) * 0.5 * (double)depth);
		while (n-- > 0)
			pop(t);
	}
	ck_check("tape nonempty before the final pops", ck_tape_bytes(t) > 0);
	while (depth > 0)
		pop(t);
	ck_check("every value came back", bad == 0);
	ck_check("tape empty", ck_tape_bytes(t) == 0);
	free(kind);
	return ck_done();
}
