// Second order over a region per layer of a tanh network whose layers
// overwrite the local array tmp whole before reading it: f_b_d is the
// tangent of f_fwd and f_bwd, so tmp's tangent leaves the snapshot with
// tmp, which is dead on entry to the region.  The snapshot holds h, h_d
// and l.  x_b, x_bd, b_b, b_bd and the primal are bit for bit those of
// ckc --no-checkpoint (compared with cmp); H v against differences of
// gradients, and symmetry.  The snapshot bytes are exact: a snapshot
// holds 132 bytes (h, h_d, l) in a 192-byte buffer with a 32-byte header,
// four are held where the forward sweep turns, and the last one grew
// through buffers of 64 and 128 bytes: 3 * 224 + 32 + 128 + 192 = 1024
// (it was 1664 when tmp, tmp_d, s, s_d and the counters were saved, and
// the peak 1696).  Each layer tapes h and h_d once and its counted loops
// tape no counts, so --no-checkpoint's peak, 640, is below the
// snapshots' on this tiny network.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=PLAINOUT < %t.plain.out
// RUN: grep -v STATS %t.out > %t.deriv
// RUN: grep -v STATS %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT-NOT: FAIL
// OUT: STATS hvp recomputations 4
// OUT: STATS hvp snapshot peak 1024
// OUT: STATS hvp peak 1056
// OUT: {{[1-9][0-9]*}} checks, 0 failed
// PLAINOUT: STATS hvp recomputations 0
// PLAINOUT: STATS hvp snapshot peak 0
// PLAINOUT: STATS hvp peak 640
#include <math.h>

#define W 8
#define L 4

#pragma ck_adjoint wrt(x, b)
#pragma ck_hvp wrt(x, b)
double net(const double *x, const double *b, const double *a)
{
	double h[W], tmp[W];
	for (int i = 0; i < W; i++)
		h[i] = x[i];
	for (int l = 0; l < L; l++) {
#pragma ck_checkpoint
		{
			for (int i = 0; i < W; i++) {
				double s = b[l * W + i];
				for (int j = 0; j < W; j++)
					s += a[(l * W + i) * W + j] * h[j];
				tmp[i] = tanh(s);
			}
			for (int i = 0; i < W; i++)
				h[i] = h[i] + tmp[i];
		}
	}
	double y = 0.0;
	for (int i = 0; i < W; i++)
		y += h[i] * h[i];
	return y;
}
// CHECK-LABEL: static double net_fwd_d(const double *x, const double *x_d, const double *b, const double *b_d, const double *a){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, h);
// CHECK-NEXT: CK_SAVE(ck_s, h_d);
// CHECK-NEXT: CK_SAVE(ck_s, l);
// CHECK-NEXT: ck_push_p(ck_t, ck_s);
// CHECK-LABEL: static void net_bwd_d(
// CHECK: ck_snap *ck_s = ck_pop_p(ck_t);
// CHECK-NEXT: ck_snap_rewind(ck_s);
// CHECK-NEXT: CK_LOAD(ck_s, h2);
// CHECK-NEXT: CK_LOAD(ck_s, h2_d);
// CHECK-NEXT: CK_LOAD(ck_s, l);
// CHECK-NEXT: ck_snap_free(ck_s);
// CHECK-NOT: CK_{{SAVE|LOAD}}(ck_s, tmp

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define NP (W + L * W)

static double a0[L * W * W];

static void grad_b(const double *p, double *g, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	for (int i = 0; i < NP; i++)
		g[i] = 0;
	net_b(p, g, p + W, g + W, a0, 1.0);
}

static double hvp(const double *p, const double *pd, double *pb, double *pbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return net_b_d(p, pd, pb, pbd, p + W, pd + W, pb + W, pbd + W, a0, rb,
		       qb);
}

int main(void)
{
	static double p[NP], v[NP], u[NP], pb[NP], pbd[NP];
	for (int i = 0; i < L * W * W; i++)
		a0[i] = 0.4 * ck_rand();
	for (int i = 0; i < NP; i++) {
		p[i] = ck_rand();
		v[i] = ck_rand();
		u[i] = ck_rand();
	}
	ck_stats_reset();
	hvp(p, v, pb, pbd, 1.0, 0.5, NP, NULL);
	ck_stats st;
	ck_stats_get(&st);
	printf("STATS hvp recomputations %llu\n", st.recomputations);
	printf("STATS hvp snapshot peak %zu\n", st.snapshot_peak_bytes);
	printf("STATS hvp peak %zu\n", st.peak_bytes);
	for (int i = 0; i < NP; i++)
		printf("p_b[%d] %a p_bd[%d] %a\n", i, pb[i], i, pbd[i]);
	double y = ck_check_hvp("tanh network", hvp, grad_b, NULL, p, v, u, NULL,
				NP, 0.75, -1.25);
	ck_equal_bits("primal", y, net(p, p + W, a0));
	return ck_done();
}
#endif
