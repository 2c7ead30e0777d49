/* Every entry type survives a push/pop round trip across many chunks, and
 * a second round reuses the kept chunks. */
// RUN: %cc %s -o %t %ckrt
// RUN: %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 0 failed
#include "ckcheck.h"
#include "ckrt.h"

#define N 10000000L

static int round_trip(ck_tape *t)
{
	long i, bad = 0;

	for (i = 0; i < N; i++)
		ck_push_d(t, (double)i * 0.5);
	if (ck_tape_bytes(t) != N * sizeof(double))
		bad++;
	for (i = N - 1; i >= 0; i--)
		bad += ck_pop_d(t) != (double)i * 0.5;

	for (i = 0; i < N; i++)
		ck_push_f(t, (float)(i & 0xffff) + 0.25f);
	if (ck_tape_bytes(t) != N * sizeof(float))
		bad++;
	for (i = N - 1; i >= 0; i--)
		bad += ck_pop_f(t) != (float)(i & 0xffff) + 0.25f;

	for (i = 0; i < N; i++)
		ck_push_i(t, i * 7 - 3);
	if (ck_tape_bytes(t) != N * sizeof(long))
		bad++;
	for (i = N - 1; i >= 0; i--)
		bad += ck_pop_i(t) != i * 7 - 3;

	for (i = 0; i < N; i++)
		ck_push_b(t, (int)(i % 251));
	if (ck_tape_bytes(t) != (size_t)N)
		bad++;
	for (i = N - 1; i >= 0; i--)
		bad += ck_pop_b(t) != (int)(i % 251);

	static const double data[16];
	for (i = 0; i < N; i++)
		ck_push_p(t, &data[i % 16]);
	if (ck_tape_bytes(t) != N * sizeof(void *))
		bad++;
	for (i = N - 1; i >= 0; i--)
		bad += ck_pop_p(t) != (const void *)&data[i % 16];
	return bad == 0 && ck_tape_bytes(t) == 0;
}

int main(void)
{
	ck_tape *t = ck_tape_get();

	ck_check("first round trip of 10M entries per type", round_trip(t));
	ck_check("second round trip (kept chunks)", round_trip(t));
	ck_check("same tape on a second get", ck_tape_get() == t);
	ck_tape_release();
	ck_check("round trip after release", round_trip(t));
	/* Extreme values come back exactly. */
	ck_push_d(t, -0.0);
	ck_push_d(t, 1e308);
	ck_push_i(t, -2147483647L - 1);
	ck_push_b(t, 255);
	ck_push_b(t, 0);
	ck_check("branch 0", ck_pop_b(t) == 0);
	ck_check("branch 255", ck_pop_b(t) == 255);
	ck_check("long min", ck_pop_i(t) == -2147483647L - 1);
	ck_equal_bits("1e308", ck_pop_d(t), 1e308);
	ck_equal_bits("-0.0", ck_pop_d(t), -0.0);
	return ck_done();
}
