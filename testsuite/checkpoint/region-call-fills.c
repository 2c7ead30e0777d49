// A region per layer of a tanh network whose layer is a helper: layer()
// writes its output through a pointer, out[i] for i < n with n a
// parameter, before it reads any of it, and the network passes its local
// array tmp with n = W, tmp's length.  So tmp is dead on entry to the
// region and the snapshot leaves it out: it holds h, which the layer
// reads first, and the layer counter l, as when the layer is written
// inline (region-dead-array.c).  The gradient and the Hessian-vector
// product are bitwise the ones without checkpoints.  The snapshot bytes
// are exact: 68 bytes (h, l) in a 128-byte buffer with a 32-byte header,
// four held where the forward sweep turns, the last one grown from a
// 64-byte buffer: 3 * 160 + 32 + 64 + 128 = 704 (1024 when tmp was saved
// too: 132 bytes in 192).
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

/* out = tanh(A in + b) for the n x (n + 1) block of a */
static void layer(const double *a, const double *in, double *out, int n)
{
	for (int i = 0; i < n; i++) {
		double s = a[i * (n + 1) + n];
		for (int j = 0; j < n; j++)
			s += a[i * (n + 1) + j] * in[j];
		out[i] = tanh(s);
	}
}

#pragma ck_tangent wrt(x, w)
#pragma ck_adjoint wrt(x, w)
#pragma ck_hvp wrt(x, w)
double net(const double *x, const double *w)
{
	double h[W], tmp[W];
	for (int i = 0; i < W; i++)
		h[i] = x[i];
	for (int l = 0; l < L; l++) {
#pragma ck_checkpoint
		{
			layer(w + l * W * (W + 1), h, tmp, W);
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
// CHECK-NEXT: CK_LOAD(ck_s, {{h[0-9]+}});
// CHECK-NEXT: CK_LOAD(ck_s, l);
// CHECK-NEXT: ck_snap_free(ck_s);
// CHECK-LABEL: static double net_fwd_d(
// CHECK: ck_s = ck_snap_new();
// CHECK-NEXT: CK_SAVE(ck_s, h);
// CHECK-NEXT: CK_SAVE(ck_s, h_d);
// CHECK-NEXT: CK_SAVE(ck_s, l);
// CHECK-NEXT: ck_push_p(ck_t, ck_s);
// CHECK-NOT: CK_{{SAVE|LOAD}}(ck_s, tmp
// RUNS: STATS recomputations 4
// RUNS: STATS snapshot peak 704
// PLAIN: STATS recomputations 0
// PLAIN: STATS snapshot peak 0

#ifdef CK_TEST_MAIN
#define CK_VEC_MAX (W + L * W * (W + 1))
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

#define NZ (W + NW)
static void grad(const double *z, double *g, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	for (int i = 0; i < NZ; i++)
		g[i] = 0.0;
	net_b(z, g, z + W, g + W, 1.0);
}

int main(void)
{
	double xb[W] = {0}, wb[NW] = {0}, xbd[W] = {0}, wbd[NW] = {0};
	double xb2[W] = {0}, wb2[NW] = {0}, d, dot = 0;
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
	for (int i = 0; i < W; i++)
		printf("x_b[%d] %a\n", i, xb[i]);
	for (int i = 0; i < NW; i++)
		printf("w_b[%d] %a\n", i, wb[i]);
	net_b_d(x0, vx, xb2, xbd, w0, vw, wb2, wbd, 1.0, 0.0);
	for (int i = 0; i < W; i++) {
		ck_equal_bits("f_b_d's gradient", xb2[i], xb[i]);
		printf("x_bd[%d] %a\n", i, xbd[i]);
	}
	for (int i = 0; i < NW; i++)
		printf("w_bd[%d] %a\n", i, wbd[i]);
	/* the Hessian-vector product against differences of gradients */
	double z[NZ], v[NZ], hv[NZ], got[NZ];
	for (int i = 0; i < NZ; i++) {
		z[i] = i < W ? x0[i] : w0[i - W];
		v[i] = i < W ? vx[i] : vw[i - W];
		got[i] = i < W ? xbd[i] : wbd[i - W];
	}
	ck_hvp_richardson(grad, NULL, z, v, NZ, 1e-3, hv);
	ck_close_vec("H v", got, hv, NZ, CK_HVP_RTOL);
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
