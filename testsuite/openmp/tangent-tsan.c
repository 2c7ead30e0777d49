// ThreadSanitizer (with Archer, which tells it about OpenMP's
// synchronisation) finds no race in the tangent of parallel loops: shadows
// of private variables, the loop-local temporaries, and the reductions
// made in thread order.  The control: the same output with `t` and `t_d`
// taken out of private(...) is reported, so the detector is awake.
// make check's UBSAN_OPTIONS and ASAN_OPTIONS are unset for the runs: clang's
// TSan runtime would write its reports to UBSan's log_path, not stderr.
// REQUIRES: tsan-openmp
// RUN: %ckc %s -o %t.c
// RUN: %clang -std=c99 -g -O1 -fopenmp -fsanitize=thread -DCK_TEST_MAIN -I%srcroot/testsuite/include -I%srcroot/runtime -include %t.h %t.c %s -o %t.tsan -lm
// RUN: env -u UBSAN_OPTIONS -u ASAN_OPTIONS OMP_TOOL_LIBRARIES=%archer OMP_NUM_THREADS=2 TSAN_OPTIONS="ignore_noninstrumented_modules=1 exitcode=66" %t.tsan 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env -u UBSAN_OPTIONS -u ASAN_OPTIONS OMP_TOOL_LIBRARIES=%archer OMP_NUM_THREADS=4 TSAN_OPTIONS="ignore_noninstrumented_modules=1 exitcode=66" %t.tsan 2>&1 | FileCheck %s --check-prefix=OK
// RUN: sed 's/ private(t, t_d)//' %t.c > %t.racy.c
// RUN: %clang -std=c99 -g -O1 -fopenmp -fsanitize=thread -DCK_TEST_MAIN -I%srcroot/testsuite/include -I%srcroot/runtime -include %t.h %t.racy.c %s -o %t.racy -lm
// RUN: env -u UBSAN_OPTIONS -u ASAN_OPTIONS OMP_TOOL_LIBRARIES=%archer OMP_NUM_THREADS=2 TSAN_OPTIONS="ignore_noninstrumented_modules=1 exitcode=66" not %t.racy 2>&1 | FileCheck %s --check-prefix=RACE
// OK-NOT: ThreadSanitizer
// OK: 0 failed
// RACE: WARNING: ThreadSanitizer: data race
#include <math.h>

#pragma ck_tangent wrt(x) out(y)
double smooth(const double *x, double *y, int n)
{
	double s = 0.0, p = 1.0, t;
	int i;
#pragma omp parallel for private(t) reduction(+:s) reduction(*:p)
	for (i = 1; i < n - 1; i++) {
		t = x[i - 1] - 2 * x[i] + x[i + 1];
		y[i] = exp(-t * t);
		s += y[i] * x[i];
		p *= 1.0 + 1e-4 * (i % 7);
	}
	return s + p;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 2000
static double x[N], dx[N], y[N], yd[N];

static double at(double h, void *ctx)
{
	static double xs[N], ys[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		xs[i] = x[i] + h * dx[i];
	return smooth(xs, ys, N);
}

int main(void)
{
	double d;
	ck_srand(5);
	for (int i = 0; i < N; i++)
		x[i] = ck_rand(), dx[i] = ck_rand();
	smooth_d(x, dx, y, yd, N, &d);
	ck_close("tangent", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
