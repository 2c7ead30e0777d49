// f_b of a reduction runs in one loop: the forward sweep only computes the
// sum and tapes nothing, and the reverse loop reads only x, i and the
// sum's adjoint, so f_b calls one function (f_fb) that runs the primal
// loop with the adjoint iteration after each primal one, as a
// hand-written adjoint does.  Each element still receives its terms in
// the reverse loop's order: the terms an iteration makes for elements it
// has not reached are held in registers (one for Rosenbrock's x_b[i + 1],
// two and three iterations for spread's x_b[i + 2]), the identity of
// their store (-0.0 for +=, 0.0 for -=) until an iteration made them, so
// the loop adds them without a branch, and the elements past the loop get
// the held terms after it.  A term that is odd in a negated adjoint
// (Rosenbrock's 2.0 * (a * x[i]) with a = -t_b, spread's products of
// a = -f_b) is subtracted with the adjoint itself instead: the same
// number, one negation fewer.  f_b_d is the tangent of f_fb as it was
// before that (the tangent's 2.0 * (a_d * x[i] + a * x_d[i]) can cancel
// to +0 either way, and acc_d - +0 keeps a -0.0 that acc_d + +0 does
// not), one loop too.  Where the fused loop uses no tape (rosen's, not
// spread's, which tapes sin and cos), f_b_d also holds the tangents of
// the two sweeps, in rosen_b_d_sweeps, and runs them instead where the
// macro CKC_FUSED_HVP is 0 (clang's default; gcc's is 1).  A loop that
// stores into an output array keeps its two sweeps.  Derivatives are
// checked against differences, the tangent and the Hessian, and are
// bitwise those of --no-fuse for n = 0 .. N, also with -0.0 seeds, with
// CKC_FUSED_HVP 1 and 0, which also give the same ck_stats.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-fuse %s -o %t.nf.c
// RUN: FileCheck %s --check-prefix=NF --input-file %t.nf.c
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -DCKC_FUSED_HVP=1 -include %t.h %s %t.c -o %t.p %ckrt
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -DCKC_FUSED_HVP=0 -include %t.h %s %t.c -o %t.s.p %ckrt
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.nf.h %s %t.nf.c -o %t.nf.p %ckrt
// RUN: %t.p > %t.p.out 2> %t.p.err
// RUN: %t.s.p > %t.s.p.out 2> %t.s.p.err
// RUN: %t.nf.p > %t.nf.p.out
// RUN: cmp %t.p.out %t.nf.p.out
// RUN: cmp %t.s.p.out %t.nf.p.out
// RUN: cmp %t.p.err %t.s.p.err
#include <math.h>

#define N 9

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double rosen(const double *x, int n)
{
	double f = 0;
	for (int i = 0; i < n - 1; i++) {
		double t = x[i + 1] - x[i] * x[i];
		double s = 1 - x[i];
		f += 100 * t * t + s * s;
	}
	return f;
}

/* offsets -1, 0 and 2: none at 1 */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double spread(const double *x, int n)
{
	double f = 0;
	for (int i = 1; i < n - 2; i++)
		f -= sin(x[i - 1]) * x[i + 2] + 0.5 * x[i] * x[i];
	return f;
}

/* stores y[i]: f_fwd does more than compute the result */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double keep(const double *x, int n)
{
	double f = 0, y[N];
	for (int i = 0; i < n - 1; i++) {
		y[i] = x[i] * x[i + 1];
		f += y[i];
	}
	return f;
}
// CHECK: #ifndef CKC_FUSED_HVP
// CHECK-NEXT: #if defined(__clang__)
// CHECK-NEXT: #define CKC_FUSED_HVP 0
// CHECK-NEXT: #else
// CHECK-NEXT: #define CKC_FUSED_HVP 1
// CHECK-NEXT: #endif
// CHECK-NEXT: #endif
// CHECK-LABEL: double rosen_b(const double *x, double *x_b, int n, double ret_b){{$}}
// CHECK-NEXT: {
// CHECK-NEXT: double ck_r = rosen_fb(x, x_b, n, ret_b);
// CHECK-LABEL: static double rosen_fb(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// CHECK-NEXT: {
// CHECK-NEXT: double ck_h = -0.0;
// CHECK-NOT: ck_push
// CHECK: for (; [[I:i[0-9]*]] < n - 1; [[I]]++) {
// CHECK: f += 100 * t * t + s * s;
// CHECK-NOT: = -t_b;
// CHECK: double [[Q:ck_q[0-9]*]] = 2.0 * (t_b * x[[[I]]]);
// CHECK: double [[ACC:ck_acc[0-9]*]] = x_b[[[I]]];
// CHECK-NOT: if (
// CHECK: [[ACC]] -= [[Q]];
// CHECK-NEXT: [[ACC]] += ck_h;
// CHECK-NEXT: x_b[[[I]]] = [[ACC]];
// CHECK: ck_m++;
// CHECK-NOT: for (
// CHECK: if (ck_m >= 1) {
// CHECK: return f;
// CHECK-LABEL: static double spread_fb(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// CHECK-NEXT: {
// CHECK-COUNT-4: double ck_h{{[0-9]*}} = 0.0;
// CHECK: for (
// CHECK-NOT: if (
// CHECK-NOT: = -f_b;
// CHECK: = x_b[[[J:i[0-9]*]] - 1];
// CHECK: -= ck_q
// CHECK-NOT: if (
// CHECK: ck_m++;
// CHECK: if (ck_m >= 2) {
// CHECK-LABEL: double keep_b(
// CHECK: keep_fwd(
// CHECK: keep_bwd(
// CHECK-LABEL: double rosen_b_d(
// CHECK-NEXT: {
// CHECK-NEXT: if (!CKC_FUSED_HVP) {
// CHECK-NEXT: return rosen_b_d_sweeps(x, x_d, x_b, x_bd, n, ret_b, ret_bd);
// CHECK-NEXT: }
// CHECK-NEXT: double ck_r = rosen_fb_d(x, x_d, x_b, x_bd, n, ret_b, ret_bd);
// CHECK-LABEL: static double rosen_fb_d(
// CHECK-NEXT: {
// CHECK-NEXT: double ck_h_d = -0.0;
// CHECK-NEXT: double ck_h = -0.0;
// CHECK: [[A:ck_a[0-9]*]]_d = -t_bd;
// CHECK-NEXT: [[A]] = -t_b;
// CHECK-NEXT: double [[Q:ck_q[0-9]*]]_d = 2.0 * ([[A]]_d * x[{{i[0-9]*}}] + [[A]] * x_d[{{i[0-9]*}}]);
// CHECK: += [[Q]]_d;
// CHECK-LABEL: static double rosen_b_d_sweeps(
// CHECK-NEXT: {
// CHECK-NEXT: double ck_r = rosen_fwd_d(x, x_d, n);
// CHECK-NEXT: ck_tape_note_peak(ck_tape_get());
// CHECK-NEXT: rosen_bwd_d(x, x_d, x_b, x_bd, n, ret_b, ret_bd);
// CHECK-LABEL: double spread_b_d(
// CHECK-NEXT: {
// CHECK-NEXT: double ck_r = spread_fb_d(
// NF-LABEL: double rosen_b(
// NF: rosen_fwd(x, n);
// NF: rosen_bwd(x, x_b, n, ret_b);
// NF-NOT: rosen_fb

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

#include <stdio.h>

static int n;

#ifdef PRINT_BITS
#include "ckrt.h"

int main(void)
{
	double v[N], d[N];
	for (int i = 0; i < N; i++) {
		v[i] = ck_rand() - 0.5;
		d[i] = ck_rand() - 0.5;
	}
	/* seeds 1, and -0.0 everywhere with zero results' seeds: a held
	 * term is -0.0 until its iteration ran, which leaves every sum as
	 * it is, so every zero keeps the sign --no-fuse gives it */
	for (int z = 0; z < 2; z++)
	for (n = 0; n <= N; n++) {
		double s0 = z ? -0.0 : 0.0, r = z ? 0.0 : 1.0;
		double g[N], h[N], gb[N], hb[N];
		for (int i = 0; i < N; i++)
			g[i] = h[i] = gb[i] = hb[i] = s0;
		printf("%a\n", rosen_b(v, g, n, r));
		printf("%a\n", spread_b(v, h, n, 0.75 * r));
		printf("%a\n", rosen_b_d(v, d, gb, hb, n, r, 0.5 * r));
		for (int i = 0; i < N; i++)
			printf("  %a %a %a %a\n", g[i], h[i], gb[i], hb[i]);
		for (int i = 0; i < N; i++)
			g[i] = h[i] = s0;
		printf("%a\n", spread_b_d(v, d, g, h, n, 0.75 * r, 0.5 * r));
		for (int i = 0; i < N; i++)
			printf("  %a %a\n", g[i], h[i]);
	}
	/* the peaks of every call above, to stderr: f_b_d's two forms use
	 * the same tape (--no-fuse's spread tapes what f_fb keeps in
	 * registers) */
	ck_stats st;
	ck_stats_get(&st);
	fprintf(stderr, "peak %lu tape %lu snapshots %lu\n", (unsigned long)st.peak_bytes,
	       (unsigned long)st.tape_peak_bytes,
	       (unsigned long)st.snapshot_peak_bytes);
	return 0;
}
#else
static int use_spread;

static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return use_spread ? spread(v, n) : rosen(v, n);
}

static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return use_spread ? spread_d(v, vd, n, dot) : rosen_d(v, vd, n, dot);
}

static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return use_spread ? spread_b(v, vb, n, rb) : rosen_b(v, vb, n, rb);
}

static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int m, void *ctx)
{
	(void)m;
	(void)ctx;
	return use_spread ? spread_b_d(v, vd, vb, vbd, n, rb, rbd)
			  : rosen_b_d(v, vd, vb, vbd, n, rb, rbd);
}

static double kk(const double *v, void *ctx)
{
	(void)ctx;
	return keep(v, n);
}

static double kk_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return keep_d(v, vd, n, dot);
}

static double kk_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return keep_b(v, vb, n, rb);
}

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand() - 0.5;
	for (n = 2; n <= N; n += 3) {
		use_spread = 0;
		kc_check_scalar("rosen", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 2);
		use_spread = 1;
		kc_check_scalar("spread", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 2);
		kc_check_scalar("keep", kk, kk_d, kk_b, NULL, NULL, v, NULL, N, 2);
	}
	return ck_done();
}
#endif
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
