/* Two threads push and pop at the same time on their own tapes without
 * interfering; each has its own statistics, and after they exit the main
 * thread's ck_stats_get reports the larger of their peaks and the sum of
 * their recomputations. */
// RUN: %cc %s -o %t %ckrt
// RUN: %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: 0 failed
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>

#include "ckcheck.h"
#include "ckrt.h"

struct job {
	long n;       /* entries per round */
	double scale; /* values pushed: i * scale */
	long bad;
	ck_tape *tape;
	ck_stats st;
};

/* No thread exits before both have read their own statistics. */
static pthread_barrier_t both_measured;

static void *work(void *arg)
{
	struct job *j = arg;
	ck_tape *t = ck_tape_get();
	long i, r;

	j->tape = t;
	for (r = 0; r < 5; r++) {
		for (i = 0; i < j->n; i++) {
			ck_push_d(t, (double)i * j->scale);
			ck_push_i(t, i + (long)j->scale);
		}
		ck_tape_note_peak(t);
		for (i = j->n - 1; i >= 0; i--) {
			j->bad += ck_pop_i(t) != i + (long)j->scale;
			j->bad += ck_pop_d(t) != (double)i * j->scale;
		}
	}
	ck_stats_add_recomputations((unsigned long long)j->n);
	ck_stats_get(&j->st);
	pthread_barrier_wait(&both_measured);
	return NULL;
}

int main(void)
{
	struct job a = {2000000, 3.0, 0, 0, {0}};
	struct job b = {1000000, 7.0, 0, 0, {0}};
	size_t entry = sizeof(double) + sizeof(long);
	pthread_t ta, tb;
	ck_stats st;

	/* The main thread's tape is in use while the others run. */
	ck_push_d(ck_tape_get(), 42.0);
	pthread_barrier_init(&both_measured, NULL, 2);
	if (pthread_create(&ta, NULL, work, &a) ||
	    pthread_create(&tb, NULL, work, &b))
		return 1;
	pthread_join(ta, NULL);
	pthread_join(tb, NULL);

	ck_check("thread a's values", a.bad == 0);
	ck_check("thread b's values", b.bad == 0);
	ck_check("different tapes", a.tape != b.tape &&
					    a.tape != ck_tape_get() &&
					    b.tape != ck_tape_get());
	ck_check("thread a's peak", a.st.tape_peak_bytes == 2000000 * entry);
	ck_check("thread b's peak", b.st.tape_peak_bytes == 1000000 * entry);
	ck_check("thread b's recomputations", b.st.recomputations == 1000000);
	ck_check("main tape untouched", ck_pop_d(ck_tape_get()) == 42.0);
	ck_stats_get(&st);
	ck_check("after join: largest thread peak",
		 st.tape_peak_bytes == 2000000 * entry &&
			 st.peak_bytes == 2000000 * entry);
	ck_check("after join: recomputations summed",
		 st.recomputations == 3000000);
	ck_stats_reset();
	ck_stats_get(&st);
	ck_check("reset forgets exited threads",
		 st.tape_peak_bytes == 0 && st.recomputations == 0);
	return ck_done();
}
