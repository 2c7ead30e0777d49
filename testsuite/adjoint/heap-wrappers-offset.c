// Buffers from malloc as Numerical Recipes' nrutil makes them: dvector()
// allocates, reports a failure through a function of the file and
// returns the buffer stepped so that it runs from v[nl] to v[nh];
// free_dvector() steps it back and frees it; a void * wrapper (xmalloc)
// and one that returns malloc's result directly; and a local stepped in
// place (v = malloc(...); v -= 1; ... free(&v[1])), also heap rows
// (double (*R)[2] = malloc(...); R -= 1).  Each wrapper is
// written out at its calls, and a stepped pointer gets a pointer of its
// own for the buffer's start, so the reverse mode allocates and frees the
// shadows with the buffers.  Gradients, Hessian-vector products and the
// dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 6
#define NR_END 1

static void nrerror(char error_text[])
{
	fprintf(stderr, "run-time error: %s\n", error_text);
	exit(1);
}

static double *dvector(long nl, long nh)
{
	double *v;
	v = (double *)malloc((size_t)((nh - nl + 1 + NR_END) * sizeof(double)));
	if (!v)
		nrerror("allocation failure in dvector()");
	return v - nl + NR_END;
}

static void free_dvector(double *v, long nl, long nh)
{
	(void)nh;
	free((char *)(v + nl - NR_END));
}

static void *xmalloc(size_t bytes)
{
	void *p = malloc(bytes);
	if (p == NULL)
		return NULL;
	return p;
}

static double *zeros(int n)
{
	return (double *)calloc((size_t)n, sizeof(double));
}

/* NR's tridag, on 1-based vectors */
static void tridag(double *a, double *b, double *c, double *r, double *u,
		   int n)
{
	double bet, *gam = dvector(1, n);
	u[1] = r[1] / (bet = b[1]);
	for (int j = 2; j <= n; j++) {
		gam[j] = c[j - 1] / bet;
		bet = b[j] - a[j] * gam[j];
		u[j] = (r[j] - a[j] * u[j - 1]) / bet;
	}
	for (int j = n - 1; j >= 1; j--)
		u[j] -= gam[j + 1] * u[j + 1];
	free_dvector(gam, 1, n);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double *a = dvector(1, N), *b = dvector(1, N), *c = dvector(1, N);
	double *r, *u, *w = zeros(N), s = 0.0;
	double *t = (double *)xmalloc(N * sizeof(double));
	r = dvector(1, N);
	u = (double *)malloc(N * sizeof(double));
	u -= 1;
	for (int i = 1; i <= N; i++) {
		a[i] = 0.3 * x[i - 1];
		b[i] = 2.0 + x[i - 1] * x[i - 1];
		c[i] = 0.2 * sin(x[i - 1]);
		r[i] = x[(i + 2) % N];
	}
	tridag(a, b, c, r, u, N);
	for (int i = 0; i < N; i++) {
		w[i] = u[i + 1] * x[i];
		t[i] = w[i] + u[N - i];
	}
	for (int i = 0; i < N; i++)
		s += t[i] * w[i];
	double (*R)[2] = malloc(N * sizeof *R);
	R -= 1;
	for (int i = 1; i <= N; i++) {
		R[i][0] = u[i] * x[i - 1];
		R[i][1] = sin(R[i][0]);
	}
	for (int i = 1; i <= N; i++)
		s += R[i][0] * R[i][1];
	free(R + 1);
	free(&u[1]);
	free(t);
	free(w);
	free_dvector(r, 1, N);
	free_dvector(c, 1, N);
	free_dvector(b, 1, N);
	free_dvector(a, 1, N);
	return s;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: ck_a = (double *)malloc(
// CHECK-NEXT: if (!ck_a) {
// CHECK-NEXT: nrerror("allocation failure in dvector()");
// CHECK: a = ck_a - 1 + 1;
// CHECK: t = (double *)malloc(6 * 8UL);
// CHECK: ck_u = (double *)malloc(6 * 8UL);
// CHECK: u = ck_u - 1;
// CHECK: free(ck_u);
// CHECK: free(t);
// CHECK: free(ck_a);

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[N] = {0.3, -0.7, 1.1, 0.8, -0.2, 0.9};
	kc_check_scalar("allocation wrappers and stepped buffers", kf, kf_d,
			kf_b, kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
