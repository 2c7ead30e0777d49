// A checkpoint region as a loop body: f_fwd saves the region's inputs and
// runs it untaped, f_bwd restores them and recomputes it before reversing
// it, the values the reverse needs kept in locals, since the body is
// straight-line.  The gradient is bitwise the one without checkpoints; the
// tape holds the snapshots' pointers only; one recomputation per entry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.out
// RUN: grep -v STATS %t.out > %t.grad
// RUN: grep -v STATS %t.plain.out > %t.plain.grad
// RUN: cmp %t.grad %t.plain.grad
#include <math.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0, p = 1.0;
	double a[4] = {0};
	for (int i = 0; i < n; i++) {
#pragma ck_checkpoint
		{
			double t = sin(x[i]) * p;
			p = p * 0.9 + t * t;
			a[i % 4] += t;
			s += t * a[(i + 1) % 4];
		}
	}
	return s + p;
}
// CHECK-LABEL: static double f_fwd(const double *x, int n){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK: CK_SAVE(ck_s, p);
// CHECK: ck_push_p(ck_t, ck_s);
// CHECK-NOT: ck_push_d
// CHECK: s += t * a[(i + 1) % 4];
// CHECK-LABEL: static void f_bwd(
// CHECK: ck_snap *ck_s = ck_pop_p(ck_t);
// CHECK: CK_LOAD(ck_s, p2);
// CHECK: ck_stats_add_recomputations(1);
// The recomputation keeps the values its reverse needs in locals.
// CHECK-NOT: ck_push_d
// CHECK: ck_k = p2;
// CHECK-NOT: ck_pop_d
// CHECK: ck_v = ck_k;
// RUNS: STATS recomputations 9
// The tape: the nine snapshots' pointers, 9 * 8 bytes.
// RUNS: STATS tape peak 72
// RUN: FileCheck %s --check-prefix=PLAIN < %t.plain.out
// PLAIN: STATS recomputations 0
// Without the region, each iteration tapes p, cos(x[i]), sin(x[i]),
// a[(i + 1) % 4] and t:
// PLAIN: STATS tape peak 360

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define N 9
static double x0[N], v[N];

static double at(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = x0[i] + t * v[i];
	return f(x, N);
}

int main(void)
{
	double xb[N] = {0}, d, dot = 0;
	for (int i = 0; i < N; i++) {
		x0[i] = ck_rand();
		v[i] = ck_rand();
	}
	ck_stats_reset();
	ck_equal_bits("primal", f_b(x0, xb, N, 1.0), f(x0, N));
	ck_stats st;
	ck_stats_get(&st);
	printf("STATS recomputations %llu\n", st.recomputations);
	printf("STATS tape peak %zu\n", st.tape_peak_bytes);
	f_d(x0, v, N, &d);
	for (int i = 0; i < N; i++)
		dot += xb[i] * v[i];
	ck_close("dot product", dot, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
