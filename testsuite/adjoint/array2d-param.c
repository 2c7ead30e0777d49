// Two-dimensional array parameters, const double A[N][N] (a pointer to
// rows, const double (*A)[N]): their tangents and adjoints have the same
// shape (double (*A_b)[N], writable), a row may be taken as a pointer
// (A[i], whose offset the reverse sweep counts from *A), passed to a
// helper, or the whole matrix passed on; an out() matrix is written
// through; a local matrix's rows are written through pointers; rows on
// the heap; three dimensions.  Gradients, Hessian-vector products and the
// dot-product test against differences; the vector function's J d and
// J^T yb against differences and each other.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>
#include <stdlib.h>

#define N 3

static double quad(const double M[N][N], const double *v)
{
	double s = 0.0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += v[i] * M[i][j] * v[j];
	return s;
}

static double rowdot(const double *r, const double *v)
{
	return r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
}

#pragma ck_tangent wrt(A, x)
#pragma ck_adjoint wrt(A, x)
#pragma ck_hvp wrt(A, x)
double f(const double A[N][N], const double x[N])
{
	double y[N], s = 0.0;
	for (int i = 0; i < N; i++) {
		const double *row = A[i];
		y[i] = tanh(rowdot(row, x));
	}
	for (int i = 0; i < N; i++)
		s += y[i] * y[i];
	return sqrt(s) + quad(A, y);
}

/* B = A^T A + diag(x), written through an out() matrix */
#pragma ck_tangent wrt(A, x) out(B)
#pragma ck_adjoint wrt(A, x) out(B)
void g(const double A[N][N], const double *x, double B[N][N])
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			B[i][j] = i == j ? exp(x[i]) : 0.0;
			for (int k = 0; k < N; k++)
				B[i][j] += A[k][i] * A[k][j];
		}
}

/* a local matrix: a helper scales it in place, rows are written and read
 * through pointers */
static double rowsum(const double *r)
{
	return r[0] * r[0] + sin(r[1]) * r[2];
}

static void scale(double M[N][N], double a)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			M[i][j] *= a;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double h(const double *x)
{
	double M[N][N], s = 0.0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			M[i][j] = x[i] * x[j + N] + 1.0;
	scale(M, x[0]);
	for (int i = 0; i < N; i++) {
		double *r = M[i];
		r[0] = cos(r[1]);
		s += rowsum(r);
	}
	return s;
}

/* rows on the heap: double (*P)[N] = malloc(...) */
#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double k(const double *x, int n)
{
	double (*P)[N] = malloc((size_t)n * sizeof *P);
	double s = 0.0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < N; j++)
			P[i][j] = sin(x[i] * (j + 1));
	for (int i = 1; i < n; i++)
		s += P[i][0] * P[i - 1][2] + P[i][1];
	free(P);
	return s;
}

/* three dimensions: a plane and a row taken as pointers */
#pragma ck_tangent wrt(T)
#pragma ck_adjoint wrt(T)
#pragma ck_hvp wrt(T)
double t3(const double T[2][2][N])
{
	double s = 0.0;
	for (int i = 0; i < 2; i++) {
		const double(*plane)[N] = T[i];
		for (int j = 0; j < 2; j++) {
			const double *r = plane[j];
			for (int m = 0; m < N; m++)
				s += sin(r[m]) * T[1 - i][j][m];
		}
	}
	return s;
}

// CHECK: double f_b(const double (*A)[3], double (*A_b)[3], const double *x, double *x_b, double ret_b){{$}}
// CHECK: void g_b(const double (*A)[3], double (*A_b)[3], const double *x, double *x_b, double (*B)[3], double (*B_b)[3]){{$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

#define NV (N * N + N)
#define M2(v) ((const double(*)[N])(const void *)(v))
#define W2(v) ((double(*)[N])(void *)(v))

static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return f(M2(v), v + N * N);
}
static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return f_d(M2(v), M2(vd), v + N * N, vd + N * N, dot);
}
static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return f_b(M2(v), W2(vb), v + N * N, vb + N * N, rb);
}
static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	(void)ctx;
	(void)nv;
	return f_b_d(M2(v), M2(vd), W2(vb), W2(vbd), v + N * N, vd + N * N,
		     vb + N * N, vbd + N * N, rb, rbd);
}

static void kg(const double *v, double *y, void *ctx)
{
	(void)ctx;
	g(M2(v), v + N * N, W2(y));
}
static void kg_d(const double *v, const double *vd, double *y, double *yd,
		 void *ctx)
{
	(void)ctx;
	g_d(M2(v), M2(vd), v + N * N, vd + N * N, W2(y), W2(yd));
}
static void kg_b(const double *v, double *vb, double *y, double *yb,
		 void *ctx)
{
	(void)ctx;
	g_b(M2(v), W2(vb), v + N * N, vb + N * N, W2(y), W2(yb));
}

KC_SCALAR_WRAPPERS_PLAIN_AS(kh, h)
KC_SCALAR_WRAPPERS_AS(kk, k, 5)

#define M3(v) ((const double(*)[2][N])(const void *)(v))
#define W3(v) ((double(*)[2][N])(void *)(v))
static double kt(const double *v, void *ctx)
{
	(void)ctx;
	return t3(M3(v));
}
static double kt_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return t3_d(M3(v), M3(vd), dot);
}
static double kt_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return t3_b(M3(v), W3(vb), rb);
}
static double kt_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	(void)ctx;
	(void)nv;
	return t3_b_d(M3(v), M3(vd), W3(vb), W3(vbd), rb, rbd);
}

int main(void)
{
	double v[NV];
	for (int i = 0; i < NV; i++)
		v[i] = ck_rand() - 0.5;
	kc_check_scalar("2-D array parameter", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, NV, 3);
	kc_check_vector("out() matrix", kg, kg_d, kg_b, NULL, v, NULL, NV,
			N * N, 3);
	kc_check_scalar("a local matrix's rows", kh, kh_d, kh_b, kh_b_d, NULL,
			v, NULL, 2 * N, 3);
	kc_check_scalar("rows on the heap", kk, kk_d, kk_b, kk_b_d, NULL, v,
			NULL, 5, 3);
	kc_check_scalar("three dimensions", kt, kt_d, kt_b, kt_b_d, NULL, v,
			NULL, 4 * N, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
