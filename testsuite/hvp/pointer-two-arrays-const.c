// A stacked RNN whose layer input moves from the sequence to the state of
// the layer below, const double *xp = &x[t * H]; ... xp = &s[l * H];, with
// x a const parameter in wrt() and s a local that the cells write.  ckc
// keeps xp as two integers and passes ck_xp ? &s[o] : &x[o]; that ?: puts
// x's data in one activity set with s, and the set is written (s is), but
// x's data is const and nothing casts it: ckc must not ask for x in out()
// (it did), and f_b_d's adjoint of that argument must be writable (it
// was declared const: the output did not compile).  Tangent, gradient,
// Hessian-vector products and the dot-product test against differences;
// f_b_dv bitwise f_b_d per direction.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define NH 2
#define NLAY 3
#define NT 4
#define NX (NT * NH)
#define NW (NLAY * NH * 2 * NH)

static void cell(const double *W, const double *in, double *h)
{
	double nh[NH];
	for (int i = 0; i < NH; i++)
		nh[i] = tanh(W[i * 2 * NH] * in[0] + W[i * 2 * NH + 1] * in[1] +
			     W[i * 2 * NH + 2] * h[0] + W[i * 2 * NH + 3] * h[1]);
	h[0] = nh[0];
	h[1] = nh[1];
}

#pragma ck_tangent wrt(x, W)
#pragma ck_adjoint wrt(x, W)
#pragma ck_hvp wrt(x, W)
#pragma ck_hvp wrt(x, W) vector
double stacked(const double *x, const double *W, int steps)
{
	double s[NLAY * NH] = { 0 };
	double loss = 0;
	for (int t = 0; t < steps; t++) {
		const double *xp = &x[t * NH];
		for (int l = 0; l < NLAY; l++) {
			cell(&W[l * NH * 2 * NH], xp, &s[l * NH]);
			xp = &s[l * NH];
		}
		loss += s[(NLAY - 1) * NH] * s[(NLAY - 1) * NH + 1];
	}
	return loss;
}

#ifdef CK_TEST_MAIN
#include <string.h>

#include "kernelcheck.h"

/* stacked of v = (x, W) */
static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return stacked(v, v + NX, NT);
}
static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return stacked_d(v, vd, v + NX, vd + NX, NT, dot);
}
static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return stacked_b(v, vb, v + NX, vb + NX, NT, rb);
}
static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	(void)ctx;
	(void)nv;
	return stacked_b_d(v, vd, vb, vbd, v + NX, vd + NX, vb + NX, vbd + NX,
			   NT, rb, rbd);
}

int main(void)
{
	volatile double one = 1.0;
	double v[NX + NW];
	for (int i = 0; i < NX + NW; i++)
		v[i] = (0.3 - 0.05 * (i % 7)) * one;
	kc_check_scalar("stacked RNN, input pointer into x then s", kf, kf_d,
			kf_b, kf_b_d, NULL, v, NULL, NX + NW, 3);
	/* f_b_dv: 2 directions, each bitwise f_b_d's */
	double xdv[NX * 2], Wdv[NW * 2], xb[NX] = { 0 }, Wb[NW] = { 0 };
	double xbdv[NX * 2] = { 0 }, Wbdv[NW * 2] = { 0 }, rbdv[2] = { 0, 0.5 };
	for (int i = 0; i < NX * 2; i++)
		xdv[i] = 0.01 * (i % 5) - 0.02;
	for (int i = 0; i < NW * 2; i++)
		Wdv[i] = 0.02 * (i % 3) - 0.01;
	stacked_b_dv(v, xdv, xb, xbdv, v + NX, Wdv, Wb, Wbdv, NT, 2, 1.0, rbdv);
	for (int k = 0; k < 2; k++) {
		double vd[NX + NW], vb[NX + NW] = { 0 }, vbd[NX + NW] = { 0 };
		for (int i = 0; i < NX; i++)
			vd[i] = xdv[i * 2 + k];
		for (int i = 0; i < NW; i++)
			vd[NX + i] = Wdv[i * 2 + k];
		stacked_b_d(v, vd, vb, vbd, v + NX, vd + NX, vb + NX, vbd + NX,
			    NT, 1.0, rbdv[k]);
		int same = 1;
		for (int i = 0; i < NX; i++)
			same &= memcmp(&vbd[i], &xbdv[i * 2 + k], sizeof(double)) == 0;
		for (int i = 0; i < NW; i++)
			same &= memcmp(&vbd[NX + i], &Wbdv[i * 2 + k],
				       sizeof(double)) == 0;
		ck_check("f_b_dv's direction is f_b_d's, bitwise", same);
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
