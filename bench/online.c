/*
 * online.c - the online(K) table of ckc's benchmark: what a loop whose trip
 * count is known only at its end (#pragma ck_checkpoint online(K)) pays in
 * recomputed steps, against what binomial(K) would pay knowing the trip
 * count.  No timing: the schedule of libckrt is driven as generated code
 * drives it, with the step number for the loop's state.
 *
 * For K in 4, 8, 16, 32 and trip counts l of 100 to 100000:
 *   t(l,K)   Revolve's repetition number, the smallest t with
 *            C(K + t, K) >= l: binomial(K) runs no step untaped more
 *            than t times
 *   most     the most times online(K) runs one step untaped, its first
 *            sweep included (at most t + 1)
 *   online   its recomputations as ck_stats counts them: the first
 *            sweep's l steps and the steps advanced in the reverse sweep
 *   F(l,K)   Revolve's optimum, binomial(K)'s steps advanced:
 *            t l - C(K + t, t - 1)
 *   ratio    online / F(l,K)
 * and for each K the worst ratio over l from 4K to 20000: every l up to
 * 2000, then every 97th (every l would take minutes).  Below 4K the first
 * sweep alone is a large part of a small optimum (at l = 2 the ratio
 * is 2).
 *
 * A ratio of the table above 1.25, or ck_stats counting other than the
 * steps the schedule ran, is printed as MISMATCH and makes the exit
 * status 1.  Built and run by bench/run.sh (`make bench`).
 */
#include <stdio.h>

#include "ckrt.h"

#define LWORST 20000 /* the worst ratio: l from 4K to this, */
#define LEVERY 2000  /* every l up to this, */
#define LSTRIDE 97   /* then every LSTRIDE-th */
#define BOUND 1.25   /* the largest ratio the table may show */

static const int ks[] = { 4, 8, 16, 32 };
static const long ls[] = { 100, 1000, 10000, 100000 };
#define NK (int)(sizeof ks / sizeof ks[0])
#define NL (int)(sizeof ls / sizeof ls[0])

/* C(n, k), saturated at 1e15 (far above any trip count here). */
static long binom(long n, long k)
{
	long c = 1, i;

	if (k < 0 || k > n)
		return 0;
	if (k > n - k)
		k = n - k;
	for (i = 1; i <= k; i++) {
		c = c * (n - k + i) / i;
		if (c > 1000000000000000L)
			return 1000000000000000L;
	}
	return c;
}

/* Revolve's repetition number t(l, K). */
static long reps(long l, int k)
{
	long t = 0;

	while (binom(k + t, k) < l)
		t++;
	return t;
}

/* Revolve's optimum F(l, K). */
static long optimum(long l, int k)
{
	long t = reps(l, k);

	return t == 0 ? 0 : t * l - binom(k + t, t - 1);
}

/* Untaped runs of step j: the prefix sum of diff up to j. */
static long diff[100001];

/* Runs online(k) over l steps as generated code does: the first sweep,
 * saving the state when ck_revolve_take asks, then the reverse sweep's
 * actions, each advance counted with ck_stats_add_recomputations.  Returns
 * the recomputations ck_stats counted, or -1 when they are not the first
 * sweep's steps and the steps advanced; *most is the most untaped runs of
 * one step. */
static long measure(int k, long l, long *most)
{
	ck_revolve *r;
	ck_stats st;
	long j, pos = 0, adv = 0, rep = 0, step;
	int act;

	for (j = 0; j <= l; j++)
		diff[j] = 0;
	ck_stats_reset();
	r = ck_revolve_online(k);
	for (j = 0; j < l; j++)
		if (ck_revolve_take(r))
			CK_SAVE(ck_revolve_snap(r), j);
	ck_revolve_end(r);
	diff[0]++;
	diff[l]--;
	while ((act = ck_revolve_next(r)) != CK_RV_DONE) {
		switch (act) {
		case CK_RV_TAKESHOT:
			CK_SAVE(ck_revolve_snap(r), pos);
			break;
		case CK_RV_RESTORE:
			CK_LOAD(ck_revolve_snap(r), pos);
			break;
		case CK_RV_ADVANCE:
			step = ck_revolve_step(r);
			diff[pos]++;
			diff[step]--;
			adv += step - pos;
			ck_stats_add_recomputations(
				(unsigned long long)(step - pos));
			pos = step;
			break;
		case CK_RV_TAPED:
			pos++;
			break;
		}
	}
	ck_revolve_free(r);
	ck_stats_get(&st);
	*most = 0;
	for (j = 0; j < l; j++) {
		rep += diff[j];
		if (rep > *most)
			*most = rep;
	}
	if (st.recomputations != (unsigned long long)(l + adv))
		return -1;
	return l + adv;
}

/* ck_stats did not count the steps the schedule ran. */
static void miscounted(int k, long l)
{
	printf("MISMATCH: online(%d), l = %ld: ck_stats counts other "
	       "recomputations than the steps run\n",
	       k, l);
}

int main(void)
{
	int a, b, failures = 0;

	printf("\nonline(K) schedule: recomputations against Revolve's "
	       "offline optimum\n");
	printf("(online: ck_stats recomputations, the first sweep's l steps "
	       "and the steps advanced\n after it; F(l,K): Revolve's optimum, "
	       "the steps binomial(K) advances knowing l;\n t(l,K): the most "
	       "untaped runs of one step under binomial(K); most: under "
	       "online(K))\n");
	printf("%4s %7s %7s %5s %10s %10s %7s\n", "K", "l", "t(l,K)", "most",
	       "online", "F(l,K)", "ratio");
	for (a = 0; a < NK; a++) {
		int k = ks[a];
		long l, worst_l = 0, most;
		double worst = 0;

		for (b = 0; b < NL; b++) {
			long total = measure(k, ls[b], &most);
			long f = optimum(ls[b], k);
			double ratio = (double)total / f;

			printf("%4d %7ld %7ld %5ld %10ld %10ld %7.4f\n", k,
			       ls[b], reps(ls[b], k), most, total, f, ratio);
			if (total < 0) {
				miscounted(k, ls[b]);
				failures++;
			} else if (ratio > BOUND) {
				printf("MISMATCH: online(%d), l = %ld: %.4f "
				       "times Revolve's optimum, above %.2f\n",
				       k, ls[b], ratio, BOUND);
				failures++;
			}
		}
		for (l = 4 * k; l <= LWORST; l += l < LEVERY ? 1 : LSTRIDE) {
			long total = measure(k, l, &most);
			if (total < 0) {
				miscounted(k, l);
				failures++;
				break;
			}
			if ((double)total / optimum(l, k) > worst) {
				worst = (double)total / optimum(l, k);
				worst_l = l;
			}
		}
		printf("%4d  worst ratio over l = %d..%d (every l to %d, then "
		       "every %dth): %.4f (l = %ld)\n",
		       k, 4 * k, LWORST, LEVERY, LSTRIDE, worst, worst_l);
	}
	if (failures) {
		printf("FAILED: %d mismatch%s (see MISMATCH above)\n",
		       failures, failures > 1 ? "es" : "");
		return 1;
	}
	return 0;
}
