// A local array of structs whose integer and pointer members its
// initializer sets (a table of layers: sizes and the weights each one
// reads), passed element by element to a helper, by constant index and in
// a loop over the layers: f_bwd keeps a copy of the array with the same
// setup, and an adjoint array whose pointer members point to the weights'
// adjoints, as for a single local struct.  Gradients, Hessian-vector
// products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>

typedef struct {
	int in, out;
	const double *W;
	const double *b;
} layer;

static void forward(const layer *L, const double *x, double *y)
{
	for (int o = 0; o < L->out; o++) {
		double s = L->b[o];
		for (int i = 0; i < L->in; i++)
			s += L->W[o * L->in + i] * x[i];
		y[o] = tanh(s);
	}
}

#pragma ck_tangent wrt(w)
#pragma ck_adjoint wrt(w)
#pragma ck_hvp wrt(w)
double net(const double *w, const double *x, int label)
{
	layer L[2] = { { 4, 5, w, w + 20 }, { 5, 3, w + 25, w + 40 } };
	double h[5], z[3];
	forward(&L[0], x, h);
	forward(&L[1], h, z);
	double m = -INFINITY;
	for (int k = 0; k < 3; k++)
		if (z[k] > m)
			m = z[k];
	double se = 0;
	for (int k = 0; k < 3; k++)
		se += exp(z[k] - m);
	return -(z[label] - m - log(se));
}
// CHECK-LABEL: static void net_bwd(
// CHECK: layer L_b[2] = {0};
// CHECK: L_b[0].W = w_b;
// CHECK: L_b[1].b = w_b + 40;

#pragma ck_tangent wrt(w)
#pragma ck_adjoint wrt(w)
#pragma ck_hvp wrt(w)
double deep(const double *w, const double *x)
{
	layer L[3] = { { 4, 4, w, w + 16 },
		       { 4, 4, w + 20, w + 36 },
		       { 4, 4, w, w + 16 } };
	double a[4], b[4];
	for (int i = 0; i < 4; i++)
		a[i] = x[i];
	for (int l = 0; l < 3; l++) {
		forward(&L[l], a, b);
		for (int i = 0; i < 4; i++)
			a[i] = b[i] + 0.5 * a[i];
	}
	return a[0] * a[1] + a[2] - a[3] * a[3];
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
static const double xin[4] = { 0.3, -0.7, 1.1, 0.2 };
KC_SCALAR_WRAPPERS_AS(kn, net, xin, 1)
KC_SCALAR_WRAPPERS_AS(kd, deep, xin)
int main(void)
{
	double w[43];
	for (int i = 0; i < 43; i++)
		w[i] = ck_rand() - 0.5;
	kc_check_scalar("a table of two layers", kn, kn_d, kn_b, kn_b_d, NULL,
			w, NULL, 43, 3);
	kc_check_scalar("layers in a loop", kd, kd_d, kd_b, kd_b_d, NULL, w,
			NULL, 40, 3);
	return ck_done();
}
#endif
