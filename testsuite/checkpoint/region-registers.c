// A region whose recomputation and reverse are straight-line as far as the
// tape goes keeps the values its reverse needs in locals (ck_k = e where
// the recomputation pushed, v = ck_k where the reverse popped), in the
// same order the tape would give them, doubles and floats alike, and
// samples no peak: f_bwd's tape does not grow there.  A region that pushes
// in a loop or under a branch keeps the tape.  Derivatives are checked
// against differences, the tangent and the Hessian, and f_b and f_b_d are
// bitwise those of --no-checkpoint.  f_b's tape peak (n = 6) is the loop
// region's recomputation, 6 iterations of 3 doubles, on top of the first
// region's snapshot pointer: 152 bytes.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nc.c
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.h %s %t.c -o %t.p %ckrt
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.nc.h %s %t.nc.c -o %t.nc.p %ckrt
// RUN: %t.p > %t.p.out
// RUN: %t.nc.p > %t.nc.p.out
// RUN: cmp %t.p.out %t.nc.p.out
#include <math.h>

#define N 6

/* Three regions: straight-line (its values in locals), a loop and a
 * branch that tape (the tape as before). */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s, t, u, v = 1, w;
	float q;
	t = x[0] * x[1];
#pragma ck_checkpoint
	{
		u = sin(t) * x[2];
		q = (float)(u * t);
		s = u * u + exp(0.1 * t) + q * q;
	}
#pragma ck_checkpoint
	{
		for (int i = 0; i < n; i++)
			v = v * sin(x[i] + s);
	}
#pragma ck_checkpoint
	{
		w = v + x[3];
		if (x[3] > 0)
			w = w * w;
	}
	return w + s;
}
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// The branch: on the tape.
// CHECK: ck_stats_add_recomputations(1);
// CHECK: if (x[3] > 0) {
// CHECK-NEXT: ck_push_d(ck_t, w2);
// CHECK: ck_tape_note_peak(ck_t);
// CHECK: ck_pop_d(ck_t);
// The loop: on the tape.
// CHECK: ck_stats_add_recomputations(1);
// CHECK: for (; i < n; i++) {
// CHECK-NEXT: [[C:ck_e[0-9]*]] = cos(x[i] + s2);
// CHECK-NEXT: [[E:ck_e[0-9]*]] = sin(x[i] + s2);
// CHECK-NEXT: double *[[P:ck_p[0-9]*]] = ck_reserve_d(ck_t, 3);
// CHECK-NEXT: [[P]][0] = [[E]];
// CHECK: ck_tape_note_peak(ck_t);
// CHECK: ck_release_d(ck_t, 3, {{ck_buf[0-9]*}});
// Straight-line: in locals, doubles (u, and the values of sin(t), cos(t)
// and exp(0.1 * t), computed once) and a float (q).
// CHECK: ck_stats_add_recomputations(1);
// CHECK-NEXT: double {{ck_k[0-9]*}};
// CHECK: float [[KF:ck_k[0-9]+]];
// CHECK-NOT: ck_push
// CHECK: [[KU:ck_k[0-9]+]] = u2;
// CHECK: [[KF]] = q2;
// CHECK-NOT: ck_pop
// CHECK: = [[KF]];
// CHECK-NOT: ck_pop
// CHECK: = [[KU]];
// CHECK-NOT: ck_pop
// CHECK-NOT: ck_tape_note_peak
// CHECK: {{^}$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
#include "ckrt.h"

#include <stdio.h>

static int n;

static void init(double *v)
{
	for (int i = 0; i < N; i++)
		v[i] = 0.2 + 0.6 * ck_rand();
}

#ifdef PRINT_BITS
int main(void)
{
	double v[N], d[N];
	init(v);
	for (int i = 0; i < N; i++)
		d[i] = ck_rand() - 0.5;
	for (n = 0; n <= N; n += 3) {
		double g[N] = {0}, h[N] = {0}, g2[N] = {0};
		v[3] = n == 3 ? -0.4 : 0.4;
		printf("%a\n", f_b_d(v, d, g, h, n, 1.0, 0.0));
		printf("%a\n", f_b(v, g2, n, 1.0));
		for (int i = 0; i < N; i++)
			printf("  %a %a %a\n", g[i], h[i], g2[i]);
	}
	return 0;
}
#else
KC_SCALAR_WRAPPERS(f, n)

int main(void)
{
	double v[N], g[N] = {0};
	init(v);
	for (n = 0; n <= N; n += 3) {
		/* both sides of the branch */
		v[3] = n == 3 ? -0.4 : 0.4;
		kc_check_scalar("regions", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL,
				N, 3);
	}
	ck_stats_reset();
	f_b(v, g, N, 1.0);
	ck_stats st;
	ck_stats_get(&st);
	printf("STATS recomputations %llu tape peak %zu\n", st.recomputations,
	       st.tape_peak_bytes);
	return ck_done();
}
#endif
#endif
// OUT-NOT: FAIL
// OUT: STATS recomputations 3 tape peak 152
// OUT: checks, 0 failed
