// A skinning-shaped loop nest: each point v sums, over the bones b, its
// weight times bone b's 4 x 4 block of a table applied to the point
// (hand.c's vertex loop).  The reverse sweep adds into each bone's block
// of the table's adjoint for every point; f_bwd runs that nest with the
// bone loop outside (interchange.c): a first loop over the points reads
// the tape and saves each point's p_b, then each bone's block receives
// the terms of all points, which the C compiler keeps in registers.
// Every element still receives its terms in the points' reverse order,
// so f_b and f_b_d are bitwise those of --no-interchange, for no points,
// one, several, a block and then some (150 = 64 + 64 + 22), and no bones;
// checked with %a prints of the gradients and of H d, also with -0.0
// seeds.  f_b_d saves p_b's tangent with it.
// The derivatives are checked against differences and the dot-product
// test, H d against differences of gradients and for symmetry.  ck_stats
// gives the same peaks either way: the saved values live in f_bwd's
// frame, as its other locals do, not on the tape.  Not
// interchanged: a table read at 4 * b (bone b's elements 4b .. 4b + 14
// overlap bone b + 1's, so reordering would reorder sums), and a nest
// whose inner loop also adds into the adjoint of a scalar that every
// point and bone reads (one sum over the whole nest) and reads the tape.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-interchange %s -o %t.ni.c
// RUN: FileCheck %s --check-prefix=NI --input-file %t.ni.c
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.h %s %t.c -o %t.p %ckrt
// RUN: %cc -DCK_TEST_MAIN -DPRINT_BITS -include %t.ni.h %s %t.ni.c -o %t.ni.p %ckrt
// RUN: %t.p > %t.p.out 2> %t.p.err
// RUN: %t.ni.p > %t.ni.p.out 2> %t.ni.p.err
// RUN: cmp %t.p.out %t.ni.p.out
// RUN: cmp %t.p.err %t.ni.p.err
// RUN: FileCheck %s --check-prefix=BITS --input-file %t.p.out
#include <math.h>

#define NB 3
#define NP 150

/* blocks of up to 64 points: a first loop saves each point's p_b, then
 * the bone loop runs outside a loop over the block's points */
// CHECK-LABEL: {{^}}static void skin_bwd({{.*}}){{$}}
// CHECK: long ck_nv = np > 0 ? (long)np : 0;
// CHECK-NEXT: double ck_sv[192];
// CHECK: for (ck_n[[N:[0-9]*]] = ck_nv; ck_n[[N]] > 0;) {
// CHECK-NEXT: ck_nb = ck_n[[N]] < 64 ? ck_n[[N]] : 64;
// CHECK-NEXT: ck_v0 = v;
// CHECK-NEXT: for (ck_k = 0; ck_k < ck_nb; ck_k++, ck_n[[N]]--) {
// CHECK-NEXT: v--;
// CHECK: ck_release_d(ck_t, 3, ck_buf);
// CHECK: ck_sv[ck_k * 3 + 2] = p_b[2];
// CHECK: b--;
// CHECK-NEXT: {
// CHECK-NEXT: double ck_acc[15];
// CHECK-NEXT: ck_acc[0] = tr_b[16 * (long)b];
// CHECK-NEXT: ck_acc[1] = tr_b[16 * (long)b + 1];
// CHECK-NEXT: ck_acc[2] = tr_b[16 * (long)b + 2];
// CHECK-NEXT: ck_acc[4] = tr_b[16 * (long)b + 4];
// CHECK: ck_acc[14] = tr_b[16 * (long)b + 14];
// CHECK-NEXT: v = ck_v0;
// CHECK-NEXT: for (ck_k2 = 0; ck_k2 < ck_nb; ck_k2++) {
// CHECK-NEXT: v--;
// CHECK: p_b2[2] = ck_sv[ck_k2 * 3 + 2];
// CHECK: ck_acc[16 * b + 12 + i - 16 * (long)b] += ck_a{{[0-9]*}} * x[4 * v + 3];
// CHECK: tr_b[16 * (long)b + 14] = ck_acc[14];
// CHECK-LABEL: {{^}}static void overlap_bwd({{.*}}){{$}}
// CHECK-NOT: ck_sv
// CHECK-LABEL: {{^}}static void carried_bwd({{.*}}){{$}}
// CHECK-NOT: ck_sv
// CHECK-LABEL: {{^}}static void skin_bwd_d({{.*}}){{$}}
// CHECK: ck_sv_d[ck_k * 3 + 2] = p_bd[2];
// CHECK: for (ck_k2 = 0; ck_k2 < ck_nb; ck_k2++) {
// CHECK: p_b2_d[2] = ck_sv_d[ck_k2 * 3 + 2];
// NI-NOT: ck_sv

#pragma ck_tangent wrt(t)
#pragma ck_adjoint wrt(t)
#pragma ck_hvp wrt(t)
double skin(const double *t, const double *w, const double *x,
	    const double *y, int np, int nb)
{
	double tr[16 * NB];
	double err = 0.0;
	int b, v, i;

	for (i = 0; i < 16 * nb; i++)
		tr[i] = sin(t[i]);
	for (v = 0; v < np; v++) {
		double p[3] = { 0.0, 0.0, 0.0 };
		for (b = 0; b < nb; b++) {
			double wv = w[v * nb + b];
			for (i = 0; i < 3; i++)
				p[i] += wv * (tr[16 * b + i] * x[4 * v] +
					      tr[16 * b + 4 + i] * x[4 * v + 1] +
					      tr[16 * b + 8 + i] * x[4 * v + 2] +
					      tr[16 * b + 12 + i] * x[4 * v + 3]);
		}
		for (i = 0; i < 3; i++) {
			double q = p[i] * p[i] - y[3 * v + i];
			err += q * q;
		}
	}
	return err;
}

/* bone b reads the table at 4 * b: the blocks of neighbouring bones
 * share elements */
#pragma ck_tangent wrt(t)
#pragma ck_adjoint wrt(t)
#pragma ck_hvp wrt(t)
double overlap(const double *t, const double *w, const double *x,
	       const double *y, int np, int nb)
{
	double tr[16 * NB];
	double err = 0.0;
	int b, v, i;

	for (i = 0; i < 16 * nb; i++)
		tr[i] = sin(t[i]);
	for (v = 0; v < np; v++) {
		double p[3] = { 0.0, 0.0, 0.0 };
		for (b = 0; b < nb; b++) {
			double wv = w[v * nb + b];
			for (i = 0; i < 3; i++)
				p[i] += wv * (tr[4 * b + i] * x[4 * v] +
					      tr[4 * b + 4 + i] * x[4 * v + 1] +
					      tr[4 * b + 8 + i] * x[4 * v + 2] +
					      tr[4 * b + 12 + i] * x[4 * v + 3]);
		}
		for (i = 0; i < 3; i++) {
			double q = p[i] * p[i] - y[3 * v + i];
			err += q * q;
		}
	}
	return err;
}

/* the inner loop adds into c_b, the adjoint of a scalar every point and
 * bone reads: one sum over the whole nest, whose terms would come in
 * another order; and it reads the table's values from the tape */
#pragma ck_tangent wrt(t)
#pragma ck_adjoint wrt(t)
#pragma ck_hvp wrt(t)
double carried(const double *t, const double *w, const double *x,
	       const double *y, int np, int nb)
{
	double tr[16 * NB];
	double err = 0.0, c = t[0] * t[1];
	int b, v, i;

	for (i = 0; i < 16 * nb; i++)
		tr[i] = sin(t[i]);
	for (v = 0; v < np; v++) {
		double p[3] = { 0.0, 0.0, 0.0 };
		for (b = 0; b < nb; b++) {
			double wv = w[v * nb + b];
			for (i = 0; i < 3; i++)
				p[i] += wv * c * (tr[16 * b + i] * x[4 * v] +
						  tr[16 * b + 4 + i] * x[4 * v + 1] +
						  tr[16 * b + 8 + i] * x[4 * v + 2] +
						  tr[16 * b + 12 + i] * x[4 * v + 3]);
		}
		for (i = 0; i < 3; i++) {
			double q = p[i] * p[i] - y[3 * v + i];
			err += q * q;
		}
	}
	return err;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

#include <stdio.h>

static double w[NP * NB], x[4 * NP], y[3 * NP];
static int np, nb;

static void setup(void)
{
	for (int i = 0; i < NP * NB; i++)
		w[i] = ck_rand();
	for (int i = 0; i < 4 * NP; i++)
		x[i] = ck_rand() - 0.5;
	for (int i = 0; i < 3 * NP; i++)
		y[i] = ck_rand() - 0.5;
}

#ifdef PRINT_BITS
#include "ckrt.h"

int main(void)
{
	double v[16 * NB], d[16 * NB];
	setup();
	for (int i = 0; i < 16 * NB; i++) {
		v[i] = ck_rand() - 0.5;
		d[i] = ck_rand() - 0.5;
	}
	for (int z = 0; z < 2; z++)
	for (nb = 0; nb <= NB; nb += NB)
	for (np = 0; np <= NP; np += np < 2 ? 1 : np < 64 ? 62 : NP - 64) {
		double s0 = z ? -0.0 : 0.0, r = z ? 0.0 : 1.0;
		double g[16 * NB], gb[16 * NB], hb[16 * NB];
		for (int i = 0; i < 16 * NB; i++)
			g[i] = gb[i] = hb[i] = s0;
		printf("np %d nb %d\n", np, nb);
		printf("%a\n", skin_b(v, g, w, x, y, np, nb, r));
		printf("%a\n", skin_b_d(v, d, gb, hb, w, x, y, np, nb, r, 0.5 * r));
		for (int i = 0; i < 16 * NB; i++)
			printf("  %a %a %a\n", g[i], gb[i], hb[i]);
	}
	ck_stats st;
	ck_stats_get(&st);
	fprintf(stderr, "peak %lu tape %lu snapshots %lu\n",
		(unsigned long)st.peak_bytes,
		(unsigned long)st.tape_peak_bytes,
		(unsigned long)st.snapshot_peak_bytes);
	return 0;
}
// BITS: np 64 nb 3
// BITS: np 150 nb 3
#else
KC_SCALAR_WRAPPERS(skin, w, x, y, np, nb)

KC_SCALAR_WRAPPERS_AS(ko, overlap, w, x, y, np, nb)
KC_SCALAR_WRAPPERS_AS(kc, carried, w, x, y, np, nb)

int main(void)
{
	double v[16 * NB];
	setup();
	for (int i = 0; i < 16 * NB; i++)
		v[i] = ck_rand() - 0.5;
	nb = NB;
	for (np = 1; np <= 70; np += 69) {
		kc_check_scalar("skin", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL,
				16 * NB, 2);
		kc_check_scalar("overlap", ko, ko_d, ko_b, ko_b_d, NULL, v,
				NULL, 16 * NB, 2);
		kc_check_scalar("carried", kc, kc_d, kc_b, kc_b_d, NULL, v,
				NULL, 16 * NB, 2);
	}
	return ck_done();
}
#endif
#endif
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
