// A region per layer of a tanh network: each layer overwrites the local
// array tmp whole (a counted loop over its length) before reading it, so
// tmp is dead on entry to the region and the snapshot leaves it out, with
// the scalar s and the loop counters declared in the region.  It holds h,
// which the layer reads first, and the layer counter l.  The gradient is
// bitwise the one without checkpoints.  The snapshot bytes are exact: a
// snapshot holds 68 bytes (h, l) in a 128-byte buffer with a 32-byte
// header, four are held where the forward sweep turns, and the last one
// grew from a 64-byte buffer: 3 * 160 + 32 + 64 + 128 = 704 (it was 1024
// when tmp, s and the counters were saved: 152 bytes in 192).  The tape
// is small: each layer tapes h once (the loop over outputs never writes
// it) and its counted loops tape no counts, so --no-checkpoint's peak,
// 576, is below the snapshots' 704 on this tiny network.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: FileCheck %s --check-prefix=RUNS < %t.out
// RUN: FileCheck %s --check-prefix=PLAIN < %t.plain.out
// RUN: grep -v STATS %t.out > %t.grad
// RUN: grep -v STATS %t.plain.out > %t.plain.grad
// RUN: cmp %t.grad %t.plain.grad
#include <math.h>

#define W 8
#define L 4

#pragma ck_tangent wrt(x, w)
#pragma ck_adjoint wrt(x, w)
double net(const double *x, const double *w)
{
	double h[W], tmp[W];
	for (int i = 0; i < W; i++)
		h[i] = x[i];
	for (int l = 0; l < L; l++) {
#pragma ck_checkpoint
		{
			for (int i = 0; i < W; i++) {
				double s = w[(l * W + i) * (W + 1) + W];
				for (int j = 0; j < W; j++)
					s += w[(l * W + i) * (W + 1) + j] * h[j];
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
// CHECK-LABEL: static double net_fwd(const double *x, const double *w){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, h);
// CHECK-NEXT: CK_SAVE(ck_s, l);
// CHECK-NEXT: ck_push_p(ck_t, ck_s);
// CHECK-LABEL: static void net_bwd(
// CHECK: ck_snap *ck_s = ck_pop_p(ck_t);
// CHECK-NEXT: ck_snap_rewind(ck_s);
// CHECK-NEXT: CK_LOAD(ck_s, h2);
// CHECK-NEXT: CK_LOAD(ck_s, l);
// CHECK-NEXT: ck_snap_free(ck_s);
// CHECK-NOT: CK_{{SAVE|LOAD}}(ck_s, tmp
// RUNS: STATS recomputations 4
// RUNS: STATS snapshot peak 704
// RUNS: STATS peak 1080
// PLAIN: STATS recomputations 0
// PLAIN: STATS snapshot peak 0
// PLAIN: STATS peak 576

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define NW (L * W * (W + 1))
static double x0[W], w0[NW], vx[W], vw[NW];

static double at(double t, void *ctx)
{
	double x[W], w[NW];
	(void)ctx;
	for (int i = 0; i < W; i++)
		x[i] = x0[i] + t * vx[i];
	for (int i = 0; i < NW; i++)
		w[i] = w0[i] + t * vw[i];
	return net(x, w);
}

int main(void)
{
	double xb[W] = {0}, wb[NW] = {0}, d, dot = 0;
	for (int i = 0; i < W; i++) {
		x0[i] = ck_rand();
		vx[i] = ck_rand();
	}
	for (int i = 0; i < NW; i++) {
		w0[i] = 0.4 * ck_rand();
		vw[i] = ck_rand();
	}
	ck_stats_reset();
	ck_equal_bits("primal", net_b(x0, xb, w0, wb, 1.0), net(x0, w0));
	ck_stats st;
	ck_stats_get(&st);
	printf("STATS recomputations %llu\n", st.recomputations);
	printf("STATS snapshot peak %zu\n", st.snapshot_peak_bytes);
	printf("STATS peak %zu\n", st.peak_bytes);
	for (int i = 0; i < W; i++)
		printf("x_b[%d] %a\n", i, xb[i]);
	for (int i = 0; i < NW; i++)
		printf("w_b[%d] %a\n", i, wb[i]);
	net_d(x0, vx, w0, vw, &d);
	for (int i = 0; i < W; i++)
		dot += xb[i] * vx[i];
	for (int i = 0; i < NW; i++)
		dot += wb[i] * vw[i];
	ck_close("dot product", dot, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
