/* The Revolve schedule: steps are taped and reversed in order from the
 * last, every action is consistent (advances go forward from the current
 * state, checkpoints are taken of the current state), and the steps
 * advanced number exactly Revolve's optimum F(l, s) = t*l - C(s+t, t-1). */
// RUN: %cc %s -o %t %ckrt
// RUN: %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 0 failed
#include "ckcheck.h"
#include "ckrt.h"

static double binom(long n, long k)
{
	double c = 1;
	for (long i = 1; i <= k; i++)
		c = c * (double)(n - k + i) / (double)i;
	return c;
}

static long optimum(long l, int s)
{
	long t = 0;
	while (binom(s + t, s) < (double)l)
		t++;
	return t == 0 ? 0 : t * l - (long)(binom(s + t, t - 1) + 0.5);
}

int main(void)
{
	static const long ls[] = {0, 1, 2, 3, 7, 10, 64, 100, 1000, 2500};
	static const int ss[] = {1, 2, 3, 5, 8, 20};
	char what[96];
	for (int a = 0; a < 10; a++) {
		for (int b = 0; b < 6; b++) {
			long l = ls[a], pos = 0, adv = 0, next_rev = l - 1;
			long taped = -1;
			int s = ss[b], ok = 1, act;
			ck_revolve *r = ck_revolve_new(l, s);
			while ((act = ck_revolve_next(r)) != CK_RV_DONE) {
				long st = ck_revolve_step(r);
				if (act == CK_RV_ADVANCE) {
					ok &= st > pos;
					adv += st - pos;
					pos = st;
				} else if (act == CK_RV_TAKESHOT) {
					ok &= st == pos && ck_revolve_snap(r) != NULL;
				} else if (act == CK_RV_RESTORE) {
					pos = st;
				} else if (act == CK_RV_TAPED) {
					ok &= st == pos;
					taped = st;
					pos = st + 1;
				} else if (act == CK_RV_REVERSE) {
					ok &= taped == next_rev;
					next_rev--;
				}
			}
			ok &= next_rev == -1;
			ck_revolve_free(r);
			snprintf(what, sizeof what, "l=%ld s=%d: schedule consistent",
				 l, s);
			ck_check(what, ok);
			snprintf(what, sizeof what, "l=%ld s=%d: advances", l, s);
			ck_close(what, (double)adv, (double)optimum(l, s), 0);
		}
	}
	ck_stats st;
	ck_stats_get(&st);
	ck_check("snapshots freed", st.snapshot_peak_bytes > 0);
	return ck_done();
}
