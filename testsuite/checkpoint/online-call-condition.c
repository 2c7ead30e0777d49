// An online(K) loop whose condition calls functions of the file, as a
// solver's stopping test does (while (residual(u) > tol && it < maxit)):
// the condition becomes tests at the top of the loop's body, which the
// recomputations run as any other statement of the step.  f_b and f_b_d
// are bit for bit those of ckc --no-checkpoint (outputs compared with
// cmp), the loop holds at most 3 snapshots over its 10 steps (9 sweeps,
// then the step whose tests leave), and the derivatives pass the
// gradient, Hessian-vector and dot-product checks against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: grep -v STATS %t.out > %t.deriv
// RUN: grep -v STATS %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT: STATS f_b steps 10 snapshots 3
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#define N 8

static double residual(const double *u, int n)
{
	double s = 0.0;
	for (int i = 1; i < n - 1; i++) {
		double r = u[i - 1] - 2.0 * u[i] + u[i + 1];
		s += r * r;
	}
	return sqrt(s);
}

static int small(double v)
{
	return fabs(v) < 1e-12;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double smooth(const double *x)
{
	double u[N], s = 0.0;
	int it = 0;
	for (int i = 0; i < N; i++)
		u[i] = x[i];
#pragma ck_checkpoint online(3)
	while (residual(u, N) > 1e-9 && !small(u[0]) && it < 9) {
		for (int i = 1; i < N - 1; i++)
			u[i] += 0.2 * (u[i - 1] - 2.0 * u[i] + u[i + 1]) +
				0.05 * sin(u[i]);
		it++;
	}
	for (int i = 0; i < N; i++)
		s += u[i] * u[i] * x[i];
	return s;
}
// CHECK-LABEL: static double smooth_fwd(const double *x){{$}}
// CHECK: ck_rv = ck_revolve_online(3);
// CHECK: for (;;) {
// CHECK: ck_residual = residual(u, 8);
// CHECK: if (!(ck_residual > 1e-9)) {
// CHECK: ck_small = small(u[0]);

#ifdef CK_TEST_MAIN
#include "ckrt.h"
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN_AS(ksmooth, smooth)

int main(void)
{
	double v[N], g[N] = { 0 }, hv[N] = { 0 }, gb[N] = { 0 };
	ck_stats st;
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	ck_stats_reset();
	smooth_b(v, g, 1.0);
	ck_stats_get(&st);
	printf("STATS f_b steps %llu snapshots %d\n", st.loop_steps,
	       st.loop_snapshots);
	smooth_b_d(v, v, gb, hv, 1.0, 0.5);
	for (int i = 0; i < N; i++)
		printf("derivatives %d %a %a %a\n", i, g[i], gb[i], hv[i]);
	kc_check_scalar("online(3) loop with calls in its condition", ksmooth,
			ksmooth_d, ksmooth_b, ksmooth_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
