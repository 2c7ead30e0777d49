/* Fault injection end to end: a gradient (f_b) whose tape grows over many
 * chunks, with an allocator that fails on its N-th call, for every N up to
 * the number of allocations a whole run makes (each run in a child
 * process).  Every run either finishes with the right gradient or stops
 * with exit status 1 and "ckrt: out of memory growing the tape (N bytes
 * requested)": never a crash, never a wrong gradient, never a silent
 * stop.  alloc-fail.c has the same for the runtime's calls alone. */
// RUN: %ckc %s -o %t.c
// RUN: %cc -D_POSIX_C_SOURCE=200809L -DCK_TEST_MAIN -include %t.h %s %t.c -o %t %ckrt
// RUN: %t | FileCheck %s
// CHECK: a whole run allocates {{[1-9][0-9]*}} times
// CHECK-NOT: FAIL
// CHECK: 0 failed
#include <math.h>

#pragma ck_adjoint wrt(x)
double f(const double *x, int n, int reps)
{
	double s = 0.0;
	for (int r = 0; r < reps; r++)
		for (int i = 0; i < n; i++)
			s = sin(s + x[i]) * x[(i + 1) % n];
	return s;
}

#ifdef CK_TEST_MAIN
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ckcheck.h"
#include "ckrt.h"

#define N 8
#define REPS 40000 /* 320000 steps: a few MB of tape, many chunks */

static long calls, fail_at;

static void *failing(void *ud, void *ptr, size_t old_size, size_t new_size)
{
	(void)ud;
	(void)old_size;
	if (new_size == 0) {
		free(ptr);
		return NULL;
	}
	if (++calls == fail_at)
		return NULL;
	return realloc(ptr, new_size);
}

static const double x[N] = {0.3, -0.2, 0.9, 0.5, -0.7, 0.1, 0.4, -0.6};

/* The gradient under the current allocator. */
static void gradient(double *g)
{
	memset(g, 0, N * sizeof *g);
	f_b(x, g, N, REPS, 1.0);
}

/* Runs gradient() in a child whose allocator fails on call k; 1 if the
 * child ended as it should. */
static int run_failing(long k, const double *want)
{
	char err[512] = "";
	int fd[2], status;
	pid_t pid;

	fflush(stdout);
	if (pipe(fd) != 0 || (pid = fork()) < 0) {
		perror("fork");
		exit(2);
	}
	if (pid == 0) {
		double g[N];

		close(fd[0]);
		dup2(fd[1], 2);
		fail_at = k;
		ck_set_allocator(failing, NULL);
		gradient(g);
		_exit(memcmp(g, want, sizeof g) == 0 ? 0 : 3);
	}
	close(fd[1]);
	ssize_t got = read(fd[0], err, sizeof err - 1);
	err[got > 0 ? got : 0] = '\0';
	close(fd[0]);
	waitpid(pid, &status, 0);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && !err[0])
		return 1; /* finished, the right gradient */
	if (WIFEXITED(status) && WEXITSTATUS(status) == 1 &&
	    strncmp(err, "ckrt: out of memory growing the tape (", 38) == 0)
		return 1;
	printf("FAIL: allocation %ld failing: %s %d, stderr: %s\n", k,
	       WIFEXITED(status) ? "exit status" : "signal",
	       WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
	       err);
	return 0;
}

int main(void)
{
	double want[N];
	long total, k, stopped = 0;

	/* A whole run with a failing allocator that never fails: how many
	 * calls, and the gradient. */
	fail_at = -1;
	ck_set_allocator(failing, NULL);
	gradient(want);
	ck_tape_release();
	total = calls;
	printf("a whole run allocates %ld times\n", total);
	ck_check("the tape grows over several chunks", total >= 4);
	for (k = 1; k <= total + 1; k++) {
		int ok = run_failing(k, want);
		ck_check("allocation failing: a clear stop or the right result",
			 ok);
		stopped += ok;
	}
	ck_check("every failing allocation ended cleanly", stopped == total + 1);
	return ck_done();
}
#endif
