// Variable-length arrays (one variable dimension, the first): each is a
// pointer to a buffer from malloc, freed at the end of its block and
// before every return, break and continue that leaves it, so every mode
// handles it as the malloc'd buffers it supports.  A work array in a loop
// left by break and continue, an early return, a two-dimensional array of
// variable rows, a helper that takes one, and a region that uses two,
// which its snapshot saves whole (their lengths are kept at their
// declarations).  Gradients, Hessian-vector products and the dot-product
// test against differences, under the sanitizers (a missing free is a
// leak); f_dv and f_b_dv along 3 directions bitwise against f_d and
// f_b_d; every output bitwise that of --no-checkpoint.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %ckc --no-checkpoint %s -o %t.plain.c
// RUN: %ckc-run --one %t.plain.c %s %t.plain > %t.plain.out
// RUN: cmp %t.out %t.plain.out
#include <math.h>

#define N 6

static void smooth(const double *a, double *b, int m)
{
	for (int i = 0; i < m; i++)
		b[i] = 0.5 * a[i] + 0.25 * (a[(i + 1) % m] + a[(i + m - 1) % m]);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_hvp wrt(x) vector
double f(const double *x, int n)
{
	double w[n];
	double s = 0;
	for (int i = 0; i < n; i++)
		w[i] = sin(x[i]);
	for (int k = 0; k < 3; k++) {
		double t[n + k];
		for (int i = 0; i < n + k; i++)
			t[i] = w[i % n] * x[(i + k) % n];
		if (t[0] > 5.0)
			break;
		if (t[1] > 0.9)
			continue;
		for (int i = 0; i < n + k; i++)
			s += t[i] * t[(i + 1) % (n + k)];
	}
	if (s > 100.0)
		return s * w[0];
	return s + w[1];
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, int n, double *ret_d){{$}}
// CHECK: long [[WL:ck_len[0-9]*]] = (long)n;
// CHECK: double *w = (double *)malloc(8 * ([[WL]] > 0 ? [[WL]] : 1));
// CHECK: long [[TL:ck_len[0-9]*]] = (long)(n + k);
// CHECK: double *t = (double *)malloc(8 * ([[TL]] > 0 ? [[TL]] : 1));
// CHECK: free(t);
// CHECK-NEXT: break;
// CHECK: free(t);
// CHECK-NEXT: continue;
// CHECK: free(t);
// CHECK-NEXT: }
// CHECK: double ck_ret = s * w[0];
// CHECK: free(w);
// CHECK: return ck_ret;
// CHECK: free(w);
// CHECK: return ck_ret;
// CHECK-NEXT: }

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x, int n)
{
	double m[n][3], u[n];
	int p[16]; /* a bound on n */
	double s = 0;
	for (int i = 0; i < n; i++) {
		p[i] = (i * 5 + 1) % n;
		for (int j = 0; j < 3; j++)
			m[i][j] = x[i] * (j + 1) + x[(i + j) % n];
	}
	smooth(x, u, n);
#pragma ck_checkpoint
	for (int i = 0; i < n; i++)
		s += m[p[i]][i % 3] * exp(0.1 * u[i]);
	return s;
}
// CHECK-LABEL: double g_d(const double *x, const double *x_d, int n, double *ret_d){{$}}
// CHECK: double (*m)[3] = (double (*)[3])malloc(24 * ([[ML:ck_len[0-9]*]] > 0 ? [[ML]] : 1));
// CHECK-LABEL: static double g_fwd(const double *x, int n){{$}}
// CHECK: CK_SAVE_N(ck_s, m + 0, [[ML2:ck_len[0-9]*]]);
// CHECK-NEXT: CK_SAVE_N(ck_s, u + 0, ck_len{{[0-9]*}});

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

/* f_dv and f_b_dv along ND directions against f_d and f_b_d along each */
#define ND 3
static void check_vector(const double *v)
{
	double dv[N * ND], rdv[ND], b[N] = {0.0}, bdv[N * ND] = {0.0};
	static const double zeros[ND];
	for (int i = 0; i < N * ND; i++)
		dv[i] = ck_rand() - 0.5;
	double y = f_dv(v, dv, N, ND, rdv);
	f_b_dv(v, dv, b, bdv, N, ND, 1.0, zeros);
	for (int k = 0; k < ND; k++) {
		double d[N], rd, g[N] = {0.0}, gd[N] = {0.0};
		for (int i = 0; i < N; i++)
			d[i] = dv[i * ND + k];
		ck_equal_bits("f_dv's value", y, f_d(v, d, N, &rd));
		ck_equal_bits("f_dv's tangent", rdv[k], rd);
		f_b_d(v, d, g, gd, N, 1.0, 0.0);
		for (int i = 0; i < N; i++)
			ck_equal_bits("f_b_dv's H d", bdv[i * ND + k], gd[i]);
	}
}

KC_SCALAR_WRAPPERS_AS(kf, f, N)
KC_SCALAR_WRAPPERS_AS(kg, g, N)

int main(void)
{
	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = ck_rand();
	kc_check_scalar("VLAs in blocks, loops, break, continue, return", kf,
			kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 3);
	kc_check_scalar("a 2-D VLA, a helper, a region", kg, kg_d, kg_b,
			kg_b_d, NULL, v, NULL, N, 3);
	check_vector(v);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
