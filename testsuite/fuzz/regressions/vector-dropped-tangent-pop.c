// Vector mode of a second-order adjoint: f_b_d pops a tangent that its
// reverse sweep never reads (w1_d[k], where the adjoint of fmax reads
// only w1[k] in its condition), and the pop stays for its effect on the
// tape, as a bare ck_pop_d(t).  That statement lost its mark as the
// tangent half of the pair, so f_b_dv popped one double where f_fwd_dv
// had pushed ck_nd, and read the wrong values for every nd > 1 (its
// gradient was wrong, not only its H d).  It pops ck_nd values now.
// Every direction of f_b_dv is bitwise f_b_d's along it.  Found by the
// fuzzer (run.py --seed 7507 --modes tangent,adjoint,hvp,vector
// --features=-extern, kernel 147), reduced by hand.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --check-prefix=GEN --input-file %t.c
// GEN-LABEL: static void f_bwd_dv(
// GEN: ck_pop_nd(ck_t, (double *)0, ck_nd);
// GEN-NEXT: w1{{[0-9]*}}[7] = ck_pop_d(ck_t);
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: 0 failed
#include <math.h>

#pragma ck_hvp wrt(s1, s0)
#pragma ck_hvp wrt(s1, s0) vector
double f(double s1, double s0)
{
	double v0 = s1 * s0, w3[8];
	double w1[8] = {-1.27, 0.24, s1, 0.30, 0.04, 0.5, s0, -0.75};
	for (int i = 0; i < 8; i++)
		w3[i] = tanh(fmax(-1.48, v0 + w1[i]));
	return v0 + 0.23 * w3[0] + 0.1 * w3[6] * w3[2];
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define ND 3

int main(void)
{
	const double s1 = 0.7, s0 = -0.4;
	double s1dv[ND], s0dv[ND], rbdv[ND], s1bdv[ND] = {0}, s0bdv[ND] = {0};
	double s1b = 0, s0b = 0;
	int k;

	for (k = 0; k < ND; k++) {
		s1dv[k] = 0.3 + 0.2 * k;
		s0dv[k] = -0.5 + 0.4 * k;
		rbdv[k] = 0.1 * k;
	}
	double y = f_b_dv(s1, s1dv, &s1b, s1bdv, s0, s0dv, &s0b, s0bdv, ND,
			  1.0, rbdv);
	ck_equal_bits("f_b_dv returns f", y, f(s1, s0));
	for (k = 0; k < ND; k++) {
		double g1 = 0, g0 = 0, h1 = 0, h0 = 0;
		f_b_d(s1, s1dv[k], &g1, &h1, s0, s0dv[k], &g0, &h0, 1.0,
		      rbdv[k]);
		ck_equal_bits("gradient (s1)", s1b, g1);
		ck_equal_bits("gradient (s0)", s0b, g0);
		ck_equal_bits("direction k (s1)", s1bdv[k], h1);
		ck_equal_bits("direction k (s0)", s0bdv[k], h0);
	}
	return ck_done();
}
#endif
