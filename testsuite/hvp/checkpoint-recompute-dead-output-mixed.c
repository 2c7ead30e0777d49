// The helper of checkpoint-recompute-dead-output.c with a second output
// that the region reads: layer(w, in, out, sq, ...) stores a into out[i]
// and sin(a) into sq[i], and the region adds s2[0] * s2[1] into y.  In
// f_bwd's recomputation only out (h2) is dead: layer_fwd_d2 takes sq and
// sq_d but no out_d, and keeps a's tangent, which sin(a)'s tangent
// needs, and the tangent of the cos(a) it tapes.  p_b, p_bd and the
// primal are bit for bit those of --no-useful and of --no-checkpoint; H v
// against differences of gradients, and symmetry.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %ckc --no-useful %s -o %t.nu.c
// RUN: %ckc-run --one %t.nu.c %s %t.nu > %t.nu.out
// RUN: cmp %t.out %t.nu.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: grep -v STATS %t.out > %t.deriv
// RUN: grep -v STATS %t.plain.out > %t.plain.deriv
// RUN: cmp %t.deriv %t.plain.deriv
// OUT-NOT: FAIL
// OUT: STATS hvp recomputations 1
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#define N0 3
#define N1 4
#define N2 5
#define L1 0
#define L2 (L1 + N1 * (N0 + 1))
#define L3 (L2 + N2 * (N1 + 1))
#define NW (L3 + N2 + 1)

static void layer(const double *w, const double *in, double *out, double *sq,
		  int nin, int nout, int relu)
{
	for (int i = 0; i < nout; i++) {
		double a = w[nout * nin + i];
		for (int j = 0; j < nin; j++)
			a += w[i * nin + j] * in[j];
		if (relu && a < 0)
			a = 0;
		out[i] = a;
		sq[i] = sin(a);
	}
}

#pragma ck_adjoint wrt(w, x)
#pragma ck_hvp wrt(w, x)
double net(const double *w, const double *x)
{
	double h1[N1], h2[N2], s1[N1], s2[N2], y = w[NW - 1];
	layer(w + L1, x, h1, s1, N0, N1, 1);
#pragma ck_checkpoint
	{
		layer(w + L2, h1, h2, s2, N1, N2, 1);
		y += s2[0] * s2[1];
	}
	for (int i = 0; i < N2; i++)
		y += w[L3 + i] * tanh(h2[i]) + s1[i % N1];
	return y * y;
}

// CHECK-LABEL: static void net_bwd_d({{.*}}){{$}}
// CHECK: ck_stats_add_recomputations(1);
// CHECK: layer_fwd_d2(w + {{.*}}, w_d + {{.*}}, [[IN:h1[0-9]*]], [[IN]]_d, [[Y:h2[0-9]*]], [[S:s2[0-9]*]], [[S]]_d, 4, 5, 1);
// CHECK-NOT: [[Y]]_d
// CHECK-LABEL: static void layer_fwd_d2(const double *w, const double *w_d, const double *in, const double *in_d, double *out, double *sq, double *sq_d, int nin, int nout, int relu){{$}}
// CHECK: a_d += w_d[i * nin + j] * in[j] + w[i * nin + j] * in_d[j];
// CHECK: out[i] = a;
// CHECK: ck_p[1] = ck_e_d;
// CHECK-NEXT: sq_d[i] = ck_e * a_d;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
#include "ckrt.h"

#define NP (NW + N0)

static void grad_b(const double *p, double *g, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	for (int i = 0; i < NP; i++)
		g[i] = 0;
	net_b(p, g, p + NW, g + NW, 1.0);
}

static double hvp(const double *p, const double *pd, double *pb, double *pbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return net_b_d(p, pd, pb, pbd, p + NW, pd + NW, pb + NW, pbd + NW, rb,
		       qb);
}

int main(void)
{
	static double p[NP], v[NP], u[NP], pb[NP], pbd[NP];
	/* weights around zero: some sums of each layer are negative, so
	 * both sides of every relu run */
	for (int i = 0; i < NP; i++) {
		p[i] = ck_rand() - 0.5;
		v[i] = ck_rand() - 0.5;
		u[i] = ck_rand() - 0.5;
	}
	ck_stats_reset();
	double y = hvp(p, v, pb, pbd, 1.0, 0.5, NP, NULL);
	ck_stats st;
	ck_stats_get(&st);
	printf("STATS hvp recomputations %llu\n", st.recomputations);
	printf("STATS hvp tape peak %zu\n", st.tape_peak_bytes);
	printf("STATS hvp snapshot peak %zu\n", st.snapshot_peak_bytes);
	printf("primal %a\n", y);
	for (int i = 0; i < NP; i++)
		printf("p_b[%d] %a p_bd[%d] %a\n", i, pb[i], i, pbd[i]);
	y = ck_check_hvp("relu network", hvp, grad_b, NULL, p, v, u, NULL, NP,
			 0.75, -1.25);
	ck_equal_bits("primal", y, net(p, p + NW));
	return ck_done();
}
#endif
