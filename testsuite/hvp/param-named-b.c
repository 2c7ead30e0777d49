// A parameter whose name ends in _b (a bias, out_b) is no adjoint: in
// f_b_d its tangent is out_b_d, as DESIGN §2 names p_d for every p, and
// its adjoint and their tangent out_b_b, out_b_bd.  ckc named the tangent
// out_bd before (the rule for the tangent of an adjoint x_b, x_bd, was
// applied to every name ending in _b).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.h
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// CHECK: double layer_b_d(const double *w, const double *w_d, double *w_b, double *w_bd, const double *out_b, const double *out_b_d, double *out_b_b, double *out_b_bd, const double *x, double ret_b, double ret_bd);
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#pragma ck_hvp wrt(w, out_b)
double layer(const double *w, const double *out_b, const double *x)
{
	double s = 0.0;
	for (int i = 0; i < 2; i++) {
		double a = tanh(w[2 * i] * x[0] + w[2 * i + 1] * x[1] + out_b[i]);
		s += a * a;
	}
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static const double x[2] = { 0.3, -0.7 };

/* v = w[0..3], out_b[0..1]; the gradient by hand */
static void grad(const double *v, double *g, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	for (int i = 0; i < 2; i++) {
		double a = tanh(v[2 * i] * x[0] + v[2 * i + 1] * x[1] + v[4 + i]);
		double t = 2 * a * (1 - a * a);
		g[2 * i] = t * x[0];
		g[2 * i + 1] = t * x[1];
		g[4 + i] = t;
	}
}

static double hvp(const double *v, const double *vd, double *vb, double *vbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return layer_b_d(v, vd, vb, vbd, v + 4, vd + 4, vb + 4, vbd + 4, x, rb,
			 rbd);
}

int main(void)
{
	double v[6], d[6], u[6];
	for (int i = 0; i < 6; i++) {
		v[i] = ck_rand();
		d[i] = ck_rand();
		u[i] = ck_rand();
	}
	ck_check_hvp("layer", hvp, grad, NULL, v, d, u, NULL, 6, 0.5, 1.5);
	return ck_done();
}
#endif
