/* The online(K) schedule of a loop whose trip count l is known only at its
 * end, driven as generated code drives it with a fake loop state whose
 * first long is its step number: a first sweep that saves the state when
 * ck_revolve_take says so, ck_revolve_end, then the reverse sweep's
 * actions, each ADVANCE counted with ck_stats_add_recomputations.  For
 * K = 2..32 and l = 1..1000, l = 1000..20000 by STRIDE and l = 20000:
 *   - the actions are consistent: advances go forward from the current
 *     state, a checkpoint is taken of the current state, a restore gives
 *     the state of the step it names, every step is taped once and
 *     reversed once, from l-1 down to 0;
 *   - no step runs untaped (first sweep and advances) more than t+1 times,
 *     t Revolve's repetition number, the smallest t with C(K+t, K) >= l
 *     (t itself cannot be met in general: for l = K+1, t = 1, but every
 *     step has run once in the first sweep and K snapshots cannot hold
 *     K+1 states); the line of each K says for how many l the most is t
 *     or less, and for how many t+1;
 *   - the statistics: recomputations are l + the steps advanced,
 *     loop_steps is l and loop_snapshots K;
 *   - l + advances is at most 1.36 times Revolve's offline optimum
 *     F(l, K) = t*l - C(K+t, t-1) for K = 2, 1.17 for K = 3..13 and 1.045
 *     from K = 14 when l >= 4K, and at most F + 4 (F + 2 from K = 6) for
 *     shorter loops (the worst of each K is printed);
 *   - never more than K snapshots are held: with a state of BIG bytes the
 *     snapshot peak is at least min(l, K) states and less than one state
 *     more (the schedule's own bookkeeping, its task stack and arrays, is
 *     some KB at K = 32: more than a state of 4 KB, less than BIG; the
 *     line of each K gives the most it was).
 * Then budget(BYTES), binomial (ck_revolve_budget) and online
 * (ck_revolve_online_budget), with a state of STATE bytes: the snapshot
 * peak stays within the budget, loop_snapshots is the K chosen, about the
 * most that fits (at most l for a known trip count), the schedule is
 * consistent, and a binomial budget advances Revolve's optimum F(l, K);
 * CK_BUDGET overrides the budget given.  A budget without room for one
 * snapshot and a malformed CK_BUDGET stop the program with status 1 and a
 * message.
 *
 * States are saved with ck_snap_save_at, their first long written, and
 * restored by loading that long: the snapshots have their full size, and
 * the test's time is the schedule's, not copying. */
// The exhaustive check runs plain (under the sanitizers it took 20 s; the
// online schedules of the checkpoint tests and the fuzzer's steps run
// under them), the failures under the sanitizers.
// RUN: %cc-plain -O2 %s -o %t.plain %ckrt-plain
// RUN: %t.plain | FileCheck %s
// RUN: %cc -O2 %s -o %t %ckrt
// RUN: bash -c '%t small; test $? -eq 1' 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: bash -c '%t small-online; test $? -eq 1' 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: bash -c '%t bad-env; test $? -eq 1' 2>&1 | FileCheck %s --check-prefix=BADENV
// CHECK-NOT: FAIL
// CHECK: online(2): {{[0-9]+}} trip counts: {{[0-9]+}} repeat a step at most t times, {{[0-9]+}} t+1 times; worst total/F for l >= 8: {{[0-9.]+}} (l = {{[0-9]+}}); below: at most F + {{[0-9]+}}
// CHECK: online(32): {{[0-9]+}} trip counts: {{[0-9]+}} repeat a step at most t times, {{[0-9]+}} t+1 times; worst total/F for l >= 128: {{[0-9.]+}} (l = {{[0-9]+}}); below: at most F + {{[0-9]+}}
// CHECK: ok: budget(65536) from CK_BUDGET=64K
// CHECK: {{[1-9][0-9]*}} checks, 0 failed
// SMALL: {{^}}ckrt: a checkpoint budget of 4096 bytes has no room for one snapshot
// SMALL-NOT: returned
// BADENV: {{^}}ckrt: CK_BUDGET='12Q' is not a byte count
// BADENV-NOT: returned
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>

#include "ckcheck.h"
#include "ckrt.h"

#define STATE 4096 /* bytes of the loop's state under a budget */
#define BIG 16384  /* and under online(K) */
#define LMAX 20000 /* the largest trip count */
#define STRIDE 997 /* the trip counts above 1000: 1000 + k * STRIDE */
#define KMAX 32

/* Untaped executions of step j: the prefix sum of diff up to j. */
static long diff[LMAX + 1];

/* C(n, k), saturated at 1e15 (far above any trip count here). */
static long binom(long n, long k)
{
	long c = 1;

	if (k < 0 || k > n)
		return 0;
	if (k > n - k)
		k = n - k;
	for (long i = 1; i <= k; i++) {
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

	if (k < 1)
		return l; /* no schedule is without snapshots: a check fails */
	while (binom(k + t, k) < l)
		t++;
	return t;
}

/* Revolve's optimum: the steps a reversal of l steps with K snapshots
 * advances, knowing l. */
static long optimum(long l, int k)
{
	long t = reps(l, k);

	return t == 0 ? 0 : t * l - binom(k + t, t - 1);
}

/* What one schedule did. */
typedef struct run {
	int ok;      /* the actions are consistent */
	long adv;    /* steps run by CK_RV_ADVANCE */
	long most;   /* the most untaped executions of one step */
	int snaps;   /* ck_revolve_snaps at the end */
	ck_stats st; /* from a ck_stats_reset before the schedule was made */
} run;

/* Saves the state of step `step`, of `bytes` bytes, into r's snapshot. */
static void save_state(ck_revolve *r, long step, size_t bytes)
{
	long *at = ck_snap_save_at(ck_revolve_snap(r), bytes);

	at[0] = step;
}

/* Runs schedule r of l steps to its end (an online one from its first
 * sweep) as generated code would with a state of `bytes` bytes, checking
 * each action, then frees it. */
static void drive(ck_revolve *r, long l, int online, size_t bytes, run *out)
{
	/* pos: the step whose state the loop holds, -1 when none (before
	 * the first restore, and after a step's reverse sweep) */
	long pos = online ? -1 : 0, taped = -1, next_rev = l - 1;
	long adv = 0, most = 0, rep = 0, got;
	int ok = 1, act;

	memset(diff, 0, sizeof diff[0] * (size_t)(l + 1));
	if (online) {
		for (long j = 0; j < l; j++)
			if (ck_revolve_take(r))
				save_state(r, j, bytes);
		ck_revolve_end(r);
		diff[0]++;
		diff[l]--;
	}
	while ((act = ck_revolve_next(r)) != CK_RV_DONE) {
		long st = ck_revolve_step(r);
		switch (act) {
		case CK_RV_TAKESHOT:
			ok &= pos >= 0 && st == pos;
			save_state(r, st, bytes);
			break;
		case CK_RV_RESTORE:
			CK_LOAD(ck_revolve_snap(r), got);
			ok &= got == st;
			pos = st;
			break;
		case CK_RV_ADVANCE:
			if (pos < 0 || st <= pos || st >= l) {
				ok = 0;
				break;
			}
			diff[pos]++;
			diff[st]--;
			adv += st - pos;
			ck_stats_add_recomputations(
				(unsigned long long)(st - pos));
			pos = st;
			break;
		case CK_RV_TAPED:
			ok &= pos >= 0 && st == pos && taped == -1 &&
			      st == next_rev;
			taped = st;
			pos = st + 1;
			break;
		case CK_RV_REVERSE:
			ok &= taped == next_rev && st == taped;
			next_rev--;
			taped = -1;
			pos = -1;
			break;
		default:
			ok = 0;
		}
		if (!ok)
			break;
	}
	ok &= next_rev == -1 && taped == -1;
	for (long j = 0; j < l; j++) {
		rep += diff[j];
		if (rep > most)
			most = rep;
	}
	out->ok = ok;
	out->adv = adv;
	out->most = most;
	out->snaps = ck_revolve_snaps(r);
	ck_revolve_free(r);
	ck_stats_get(&out->st);
}

/* At most this many FAIL lines of detail per K and kind. */
#define DETAILS 3

static void detail(int *n, const char *what, int k, long l, long got,
		   long want)
{
	if ((*n)++ < DETAILS)
		printf("FAIL: online(%d) l=%ld: %s: %ld (want %ld)\n", k, l,
		       what, got, want);
}

/* The trip count after l: 1..1000, then by STRIDE, then LMAX. */
static long next_l(long l)
{
	if (l < 1000)
		return l + 1;
	if (l == LMAX)
		return LMAX + 1;
	return l + STRIDE < LMAX ? l + STRIDE : LMAX;
}

/* Every trip count of one K. */
static void online_k(int k)
{
	int bad_order = 0, bad_rep = 0, bad_stats = 0, bad_peak = 0;
	long eq = 0, plus1 = 0, n = 0, worst_l = 0, over = 0, excess = 0;
	double worst = 0;
	char what[160];

	for (long l = 1; l <= LMAX; l = next_l(l)) {
		long t = reps(l, k), total, held = l < k ? l : k;
		run u;

		ck_stats_reset();
		drive(ck_revolve_online(k), l, 1, BIG, &u);
		total = l + u.adv;
		n++;
		if (!u.ok)
			detail(&bad_order, "inconsistent action", k, l, 0, 0);
		if (u.most <= t)
			eq++;
		else if (u.most == t + 1)
			plus1++;
		else
			detail(&bad_rep, "a step runs untaped", k, l, u.most,
			       t + 1);
		if (u.st.recomputations != (unsigned long long)total)
			detail(&bad_stats, "recomputations", k, l,
			       (long)u.st.recomputations, total);
		if (u.st.loop_steps != (unsigned long long)l)
			detail(&bad_stats, "loop_steps", k, l,
			       (long)u.st.loop_steps, l);
		if (u.st.loop_snapshots != k || u.snaps != k)
			detail(&bad_stats, "loop_snapshots", k, l,
			       u.st.loop_snapshots, k);
		if (u.st.snapshot_peak_bytes < (size_t)held * BIG ||
		    u.st.snapshot_peak_bytes >= (size_t)(held + 1) * BIG)
			detail(&bad_peak, "snapshot peak bytes", k, l,
			       (long)u.st.snapshot_peak_bytes, held * BIG);
		else if ((long)u.st.snapshot_peak_bytes - held * BIG > over)
			over = (long)u.st.snapshot_peak_bytes - held * BIG;
		if (l < 4 * k && total - optimum(l, k) > excess)
			excess = total - optimum(l, k);
		if (l >= 4 * k && (double)total / optimum(l, k) > worst) {
			worst = (double)total / optimum(l, k);
			worst_l = l;
		}
	}
	printf("online(%d): %ld trip counts: %ld repeat a step at most t "
	       "times, %ld t+1 times; worst total/F for l >= %d: %.4f "
	       "(l = %ld); below: at most F + %ld; snapshot peak: min(l, K) "
	       "states and up to %ld bytes\n",
	       k, n, eq, plus1, 4 * k, worst, worst_l, excess, over);
	snprintf(what, sizeof what, "online(%d): actions consistent", k);
	ck_check(what, !bad_order);
	snprintf(what, sizeof what,
		 "online(%d): no step runs untaped more than t+1 times", k);
	ck_check(what, !bad_rep && eq + plus1 == n);
	snprintf(what, sizeof what,
		 "online(%d): recomputations l + advances, loop_steps l, "
		 "loop_snapshots %d",
		 k, k);
	ck_check(what, !bad_stats);
	snprintf(what, sizeof what,
		 "online(%d): at most %d snapshots held (snapshot peak)", k,
		 k);
	ck_check(what, !bad_peak);
	/* the bounds the README gives */
	double bound = k == 2 ? 1.36 : k < 14 ? 1.17 : 1.045;
	snprintf(what, sizeof what,
		 "online(%d): worst total/F %.4f <= %.3f (l >= %d)", k, worst,
		 bound, 4 * k);
	ck_check(what, worst <= bound);
	snprintf(what, sizeof what,
		 "online(%d): at most F + %d below l = %d (F + %ld)", k,
		 k < 6 ? 4 : 2, 4 * k, excess);
	ck_check(what, excess <= (k < 6 ? 4 : 2));
}

/* A budget's schedule of l steps (online or binomial) made with `given`
 * bytes, checked against a budget of `bytes` (CK_BUDGET's when it is set:
 * it is unset once the schedule is made); returns the K chosen. */
static int budget(long l, size_t given, size_t bytes, int online,
		  const char *name)
{
	ck_revolve *r;
	run u;
	int k;
	long lo, hi;
	char what[200];

	ck_stats_reset();
	r = online ? ck_revolve_online_budget(given)
		   : ck_revolve_budget(l, given);
	unsetenv("CK_BUDGET");
	drive(r, l, online, STATE, &u);
	k = u.snaps;
	/* about the most that fit: each snapshot is a state and less than
	 * 256 bytes of bookkeeping, the schedule less than 2048 bytes of its
	 * own, with room for one state more (a snapshot that grows as it is
	 * saved holds its old and new buffers for a moment) */
	lo = bytes > 2048 + STATE
		     ? (long)((bytes - 2048 - STATE) / (STATE + 256))
		     : 0;
	if (lo < 1)
		lo = 1;
	hi = (long)(bytes / STATE);
	if (!online && lo > l)
		lo = l;
	if (!online && hi > l)
		hi = l;
	snprintf(what, sizeof what, "%s: consistent, K = %d (want %ld..%ld)",
		 name, k, lo, hi);
	ck_check(what, u.ok && k >= lo && k <= hi &&
			       u.st.loop_snapshots == k &&
			       u.st.loop_steps == (unsigned long long)l);
	snprintf(what, sizeof what, "%s: snapshot peak %zu <= budget", name,
		 u.st.snapshot_peak_bytes);
	ck_check(what, u.st.snapshot_peak_bytes <= bytes);
	if (online) {
		long most = reps(l, k) + 1;
		int counted =
			u.st.recomputations == (unsigned long long)(l + u.adv);
		snprintf(what, sizeof what,
			 "%s: recomputations l + %ld, untaped runs of a step "
			 "%ld <= t+1 = %ld",
			 name, u.adv, u.most, most);
		ck_check(what, counted && u.most <= most);
	} else {
		snprintf(what, sizeof what, "%s: advances", name);
		ck_close(what, (double)u.adv, (double)optimum(l, k), 0);
		snprintf(what, sizeof what, "%s: recomputations", name);
		ck_close(what, (double)u.st.recomputations, (double)u.adv, 0);
	}
	return k;
}

static void budgets(void)
{
	static const size_t bytes[] = { 10000, 16384, 65536, 100000, 1 << 20 };
	static const long ls[] = { 1, 2, 3, 10, 100, 1000, LMAX };
	char name[96];
	int k, want;

	for (int b = 0; b < 5; b++) {
		for (int i = 0; i < 7; i++) {
			snprintf(name, sizeof name, "budget(%zu) l=%ld",
				 bytes[b], ls[i]);
			budget(ls[i], bytes[b], bytes[b], 0, name);
			snprintf(name, sizeof name, "online budget(%zu) l=%ld",
				 bytes[b], ls[i]);
			budget(ls[i], bytes[b], bytes[b], 1, name);
		}
	}

	/* CK_BUDGET overrides the budget given */
	want = budget(1000, 65536, 65536, 0, "budget(65536) l=1000");
	setenv("CK_BUDGET", "64K", 1);
	k = budget(1000, (size_t)1 << 30, 65536, 0,
		   "budget(1G) l=1000, CK_BUDGET=64K");
	ck_check("budget(65536) from CK_BUDGET=64K", k == want);
	want = budget(1000, 1 << 20, 1 << 20, 1, "online budget(1M) l=1000");
	setenv("CK_BUDGET", "1M", 1);
	k = budget(1000, 16, 1 << 20, 1,
		   "online budget(16) l=1000, CK_BUDGET=1M");
	ck_check("online budget(1048576) from CK_BUDGET=1M", k == want);
	want = budget(1000, 65536, 65536, 1, "online budget(65536) l=1000");
	setenv("CK_BUDGET", "64k", 1);
	k = budget(1000, 16, 65536, 1,
		   "online budget(16) l=1000, CK_BUDGET=64k");
	ck_check("online budget(65536) from CK_BUDGET=64k", k == want);
	want = budget(1000, 100000, 100000, 1, "online budget(100000) l=1000");
	setenv("CK_BUDGET", "100000", 1);
	k = budget(1000, 16, 100000, 1,
		   "online budget(16) l=1000, CK_BUDGET=100000");
	ck_check("online budget(100000) from CK_BUDGET=100000", k == want);
	/* 1 GB for 5 steps: one snapshot per step */
	setenv("CK_BUDGET", "1G", 1);
	k = budget(5, 16, (size_t)1 << 30, 0, "budget(16) l=5, CK_BUDGET=1G");
	ck_check("budget(1G) l=5 from CK_BUDGET=1G: K = 5", k == 5);
}

/* The test's allocator: blocks of BIG bytes (the snapshots' buffers under
 * online(K)) are kept for reuse, not freed.  A snapshot of more than 4 KB
 * is freed when the schedule drops it, so that nearly every step of a
 * first sweep frees one buffer and allocates another; tens of thousands
 * of schedules are made and freed here, and the C library would give the
 * memory back to the system and ask for it again each time (and under
 * AddressSanitizer every one of those allocations is slow). */
#define POOL 64
static void *pool[POOL];
static int npool;

static void *pooled(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	(void)ud;
	if (new_size == 0) {
		if (old_size == BIG && npool < POOL)
			pool[npool++] = ptr;
		else
			free(ptr);
		return NULL;
	}
	if (!ptr && new_size == BIG && npool)
		return pool[--npool];
	return realloc(ptr, new_size);
}

/* The schedule of the failing cases (static: still reachable when the
 * runtime stops the program). */
static ck_revolve *failing;

/* [small | small-online | bad-env]: a case that must stop the program. */
int main(int argc, char **argv)
{
	if (argc > 1) {
		if (strcmp(argv[1], "small") == 0) {
			failing = ck_revolve_budget(10, STATE);
			ck_revolve_next(failing); /* CK_RV_TAKESHOT 0 */
			save_state(failing, 0, STATE);
			ck_revolve_next(failing); /* chooses K: none fits */
		} else if (strcmp(argv[1], "small-online") == 0) {
			failing = ck_revolve_online_budget(STATE);
			for (long j = 0; j < 10; j++)
				if (ck_revolve_take(failing))
					save_state(failing, j, STATE);
		} else if (strcmp(argv[1], "bad-env") == 0) {
			setenv("CK_BUDGET", "12Q", 1);
			failing = ck_revolve_online_budget(1 << 20);
		} else {
			return 2;
		}
		fflush(stderr);
		printf("returned\n");
		return 0;
	}
	ck_set_allocator(pooled, NULL);
	for (int k = 2; k <= KMAX; k++)
		online_k(k);
	budgets();
	return ck_done();
}
