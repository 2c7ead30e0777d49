// Two arguments that point into one array, a layer's input and output
// rows of a stacked recurrent cell, cell(n, l == 0 ? x : &h[(l - 1) * n],
// &h[l * n]): the callee reads and writes each only at [0, n), and the
// offsets are n apart, so the callee's adjoints of the two reach distinct
// data and f_bwd declares them restrict, which lets the compiler
// vectorize their loops.  Rows that may overlap (&h[l * n] and &h[l * n
// + 1], or an extent the callee does not bound) keep them plain.
// Gradients, Hessian-vector products and the dot-product test against
// differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// CHECK-DAG: static void cell_bwd(int n, double *restrict in_b, double *restrict out_b);
// CHECK-DAG: static void shift_bwd(int n, double *in_b, double *out_b);
// CHECK-DAG: static void scan_bwd(int n, double *in_b, double *out_b);
// OUT-NOT: FAIL
// OUT: checks, 0 failed
#include <math.h>
#define N 3
#define L 3

static void cell(int n, const double *in, double *out)
{
	for (int i = 0; i < n; i++) {
		double a = 0.0;
		for (int j = 0; j < n; j++)
			a += in[j] * out[j] * (0.5 + 0.1 * (i + j));
		out[i] = tanh(a + out[i]);
	}
}

#pragma ck_tangent wrt(x, h) out(h)
#pragma ck_adjoint wrt(x, h) out(h)
#pragma ck_hvp wrt(x, h) out(h)
double stack(const double *x, double *h)
{
	double s = 0.0;
	for (int l = 0; l < L; l++)
		cell(N, l == 0 ? x : &h[(l - 1) * N], &h[l * N]);
	for (int i = 0; i < N; i++)
		s += h[(L - 1) * N + i] * h[i];
	return s;
}

/* rows one element apart overlap */
static void shift(int n, const double *in, double *out)
{
	for (int i = 0; i < n; i++)
		out[i] = sin(in[i]) + out[i] * in[i];
}

/* a callee that reads past n: for (j = 0; j <= n; j++) */
static void scan(int n, const double *in, double *out)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j <= n; j++)
			out[i] += 0.1 * in[j] * in[j];
}

#pragma ck_tangent wrt(h) out(h)
#pragma ck_adjoint wrt(h) out(h)
#pragma ck_hvp wrt(h) out(h)
double overlap(double *h)
{
	shift(N, &h[0], &h[1]);
	scan(N - 1, &h[0], &h[N - 1]);
	double s = 0.0;
	for (int i = 0; i < 2 * N; i++)
		s += h[i] * h[i];
	return s;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

/* v: x (N), then h (N * L); f(v) = stack(x, h) */
static double ks(const double *v, void *ctx)
{
	(void)ctx;
	double h[N * L];
	for (int i = 0; i < N * L; i++)
		h[i] = v[N + i];
	return stack(v, h);
}
static double ks_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	double h[N * L], hd[N * L];
	for (int i = 0; i < N * L; i++) {
		h[i] = v[N + i];
		hd[i] = vd[N + i];
	}
	return stack_d(v, vd, h, hd, dot);
}
static double ks_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	double h[N * L], hb[N * L] = { 0 };
	for (int i = 0; i < N * L; i++)
		h[i] = v[N + i];
	double r = stack_b(v, vb, h, hb, rb);
	for (int i = 0; i < N * L; i++)
		vb[N + i] += hb[i];
	return r;
}
static double ks_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	(void)ctx;
	(void)nv;
	double h[N * L], hd[N * L], hb[N * L] = { 0 }, hbd[N * L] = { 0 };
	for (int i = 0; i < N * L; i++) {
		h[i] = v[N + i];
		hd[i] = vd[N + i];
	}
	double r = stack_b_d(v, vd, vb, vbd, h, hd, hb, hbd, rb, rbd);
	for (int i = 0; i < N * L; i++) {
		vb[N + i] += hb[i];
		vbd[N + i] += hbd[i];
	}
	return r;
}

static double ko(const double *v, void *ctx)
{
	(void)ctx;
	double h[2 * N];
	for (int i = 0; i < 2 * N; i++)
		h[i] = v[i];
	return overlap(h);
}
static double ko_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	double h[2 * N], hd[2 * N];
	for (int i = 0; i < 2 * N; i++) {
		h[i] = v[i];
		hd[i] = vd[i];
	}
	return overlap_d(h, hd, dot);
}
static double ko_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	double h[2 * N], hb[2 * N] = { 0 };
	for (int i = 0; i < 2 * N; i++)
		h[i] = v[i];
	double r = overlap_b(h, hb, rb);
	for (int i = 0; i < 2 * N; i++)
		vb[i] += hb[i];
	return r;
}
static double ko_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	(void)ctx;
	(void)nv;
	double h[2 * N], hd[2 * N], hb[2 * N] = { 0 }, hbd[2 * N] = { 0 };
	for (int i = 0; i < 2 * N; i++) {
		h[i] = v[i];
		hd[i] = vd[i];
	}
	double r = overlap_b_d(h, hd, hb, hbd, rb, rbd);
	for (int i = 0; i < 2 * N; i++) {
		vb[i] += hb[i];
		vbd[i] += hbd[i];
	}
	return r;
}

int main(void)
{
	double v[N + N * L];
	volatile double one = 1.0;
	for (int i = 0; i < N + N * L; i++)
		v[i] = 0.05 * (i % 5 + 1) * one;
	kc_check_scalar("disjoint rows", ks, ks_d, ks_b, ks_b_d, NULL, v, NULL,
			N + N * L, 3);
	kc_check_scalar("overlapping rows", ko, ko_d, ko_b, ko_b_d, NULL, v,
			NULL, 2 * N, 3);
	return ck_done();
}
#endif
