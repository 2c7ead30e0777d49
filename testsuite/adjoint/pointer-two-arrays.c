// A local pointer that points into one array and then into another: a
// stacked LSTM's layer input, the sequence's vector for the first layer,
// then the hidden state of the layer below (`double *xp = x2; ... cell(...,
// xp); xp = &s[i];`, as ADBench writes it), read after the loop too.  ckc
// keeps it as two integers, which array and where in it, so each use
// reads the array itself.  Gradients, Hessian-vector products and the
// dot-product test against differences; tangent and adjoint agree.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

#include <math.h>

#define L 2
#define B 3
#define NW (2 * L * B * 4)
#define NW2 (3 * B)
#define NS (2 * L * B)
#define NV (NW + NW2 + NS)
#define T 3

static double sigmoid(double x)
{
	return 1.0 / (1.0 + exp(-x));
}

/* one layer: 4 gates from the input and the hidden state */
static void cell(int b, const double *w, const double *bias, double *hidden,
		 double *cellst, const double *input)
{
	double g[4 * B];
	int i;
	for (i = 0; i < b; i++) {
		g[i] = sigmoid(input[i] * w[i] + hidden[i] * w[b + i] +
			       bias[i]);
		g[b + i] = sigmoid(input[i] * w[2 * b + i] +
				   hidden[i] * w[3 * b + i] + bias[b + i]);
		g[2 * b + i] = sigmoid(input[i] * w[i] +
				       hidden[i] * w[2 * b + i] +
				       bias[2 * b + i]);
		g[3 * b + i] = tanh(input[i] * w[3 * b + i] +
				    hidden[i] * w[i] + bias[3 * b + i]);
	}
	for (i = 0; i < b; i++) {
		cellst[i] = cellst[i] * g[i] + g[b + i] * g[3 * b + i];
		hidden[i] = g[2 * b + i] * tanh(cellst[i]);
	}
}

static void predict(int l, int b, const double *w, const double *w2,
		    double *s, const double *x, double *x2)
{
	int i;
	for (i = 0; i < b; i++)
		x2[i] = x[i] * w2[i];
	double *xp = x2;
	for (i = 0; i <= 2 * l * b - 1; i += 2 * b) {
		cell(b, &w[i * 4], &w[(i + b) * 4], &s[i], &s[i + b], xp);
		xp = &s[i];
	}
	for (i = 0; i < b; i++)
		x2[i] = xp[i] * w2[b + i] + w2[2 * b + i];
}
// CHECK-LABEL: static void predict_bwd(
// CHECK: cell_bwd({{.*}}, ck_xp ? &s_b[ck_xp_o] : &x2_b[ck_xp_o]);

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double f(const double *v, const double *seq)
{
	double s[NS], x2[B], total = 0.0;
	int t, i;
	for (i = 0; i < NS; i++)
		s[i] = v[NW + NW2 + i];
	for (t = 0; t < T - 1; t++) {
		predict(L, B, v, v + NW, s, &seq[t * B], x2);
		for (i = 0; i < B; i++)
			total += seq[(t + 1) * B + i] * x2[i] - x2[i] * x2[i];
	}
	return total;
}

#ifdef CK_TEST_MAIN
#define CK_VEC_MAX 256
#include "kernelcheck.h"

static double seq[T * B];

KC_SCALAR_WRAPPERS(f, seq)

int main(void)
{
	double v[NV];
	for (int i = 0; i < NV; i++)
		v[i] = 0.3 * sin(1.7 * i + 0.4);
	for (int i = 0; i < T * B; i++)
		seq[i] = cos(0.9 * i);
	kc_check_scalar("pointer moving between two arrays", kf, kf_d, kf_b,
			kf_b_d, NULL, v, NULL, NV, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
