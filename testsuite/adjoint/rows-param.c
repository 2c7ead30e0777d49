// Parameters declared as rows of a length known at run time, C99's
// const double A[n][m] (a pointer to rows, const double (*A)[m]): ckc
// reads them through a flat view, A[i][j] as A[i * m + j] with m taken on
// entry, and the public functions declare them, and their tangents and
// adjoints, as such rows again (double (*A_b)[m]).  A row taken as a
// pointer (A[i]), the matrix passed to a helper declared the same way, a
// row length written as an expression (2 * m), an out() matrix, three
// dimensions (const double T[n][2][k], read as T[(i * 2 + j) * k + l]),
// a checkpoint region whose save(A[0:n]) counts rows (bitwise the same
// as without checkpoints).
// Gradients, Hessian-vector products and the dot-product test against
// differences; the out() function's J d and J^T yb against differences
// and each other.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-checkpoint %s -o %t.nock.c
// RUN: %ckc-run --one %t.nock.c %s %t.nock > %t.nock.out
// RUN: cmp %t.out %t.nock.out
#include <math.h>

static double rowdot(const double *r, const double *v, int m)
{
	double s = 0.0;
	for (int j = 0; j < m; j++)
		s += r[j] * v[j];
	return s;
}

static double quad(int n, int m, const double M[n][m], const double *v)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m && j < n; j++)
			s += v[i] * M[i][j] * v[j];
	return s;
}

#pragma ck_tangent wrt(A, x)
#pragma ck_adjoint wrt(A, x)
#pragma ck_hvp wrt(A, x)
double f(int n, int m, const double A[n][m], const double *x)
{
	double y[8], s = 0.0;
	for (int i = 0; i < n; i++) {
		const double *row = A[i];
		y[i] = tanh(rowdot(row, x, m));
	}
	for (int i = 0; i < n; i++)
		s += y[i] * y[i];
	return sqrt(s) + quad(n, m, A, y);
}

/* m changes, the rows' length is m on entry (a local holds it) */
#pragma ck_tangent wrt(A)
#pragma ck_adjoint wrt(A)
#pragma ck_hvp wrt(A)
double shrink(int n, int m, const double A[n][m])
{
	double s = 0.0;
	for (; m > 1; m--)
		s += sin(A[n - 1][m - 1]) * A[0][m - 2];
	return s;
}

/* three dimensions, one of them constant: rows of a plane taken as
 * pointers */
#pragma ck_tangent wrt(T)
#pragma ck_adjoint wrt(T)
#pragma ck_hvp wrt(T)
double t3(int n, int k, const double T[n][2][k])
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < 2; j++) {
			const double *r = T[i][j];
			for (int l = 0; l < k; l++)
				s += sin(r[l]) * T[n - 1 - i][1 - j][l];
		}
	return s;
}

/* sweeps in regions: save(A[0:n]) saves n rows of m */
#pragma ck_tangent wrt(A) out(A)
#pragma ck_adjoint wrt(A) out(A)
void relax(int n, int m, double A[n][m])
{
	for (int t = 0; t < 3; t++) {
#pragma ck_checkpoint save(A[0:n])
		for (int i = 1; i < n - 1; i++)
			for (int j = 0; j < m; j++)
				A[i][j] = 0.5 * A[i][j] +
					  0.25 * sin(A[i - 1][j] + A[i + 1][j]);
	}
}

/* rows of 2 * m: B[i][j] = sum over k of P[k][i] P[k][j] + exp(x) on the
 * diagonal, for i, j < 2 * m */
#pragma ck_tangent wrt(P, x) out(B)
#pragma ck_adjoint wrt(P, x) out(B)
void g(int m, const double P[][2 * m], const double *x, double (*B)[2 * m])
{
	for (int i = 0; i < 2 * m; i++)
		for (int j = 0; j < 2 * m; j++) {
			B[i][j] = i == j ? exp(x[i]) : 0.0;
			for (int k = 0; k < 2; k++)
				B[i][j] += P[k][i] * P[k][j];
		}
}

// CHECK-LABEL: double f_d(int n, int m, const double (*A)[m], const double (*A_d)[m], const double *x, const double *x_d, double *ret_d){{$}}
// CHECK-NEXT: {
// CHECK-NEXT: const double *A2 = (const double *)A;
// CHECK-NEXT: const double *A_d2 = (const double *)A_d;
// CHECK-NOT: ck_cols
// CHECK-LABEL: double shrink_d(int n, int m, const double (*A)[m], const double (*A_d)[m], double *ret_d){{$}}
// CHECK: long ck_cols = (long)m;
// CHECK: sin(A2[(n - 1) * ck_cols + (m - 1)])
// CHECK-LABEL: double t3_d(int n, int k, const double (*T)[2][k], const double (*T_d)[2][k], double *ret_d){{$}}
// CHECK: const double *r = T2 + (i * 2 + j) * (long)k;
// CHECK: s += ck_e * T2[((n - 1 - i) * 2 + (1 - j)) * (long)k + l];
// CHECK: double f_b(int n, int m, const double (*A)[m], double (*A_b)[m], const double *x, double *x_b, double ret_b){{$}}
// CHECK: static void relax_fwd(int n, int m, double *A){{$}}
// CHECK: CK_SAVE_N(ck_s, A + 0 * (long)m, n * (long)m);
// CHECK: void g_b(int m, const double (*P)[2 * m], double (*P_b)[2 * m], const double *x, double *x_b, double (*B)[2 * m], double (*B_b)[2 * m]){{$}}
// CHECK: double f_b_d(int n, int m, const double (*A)[m], const double (*A_d)[m], double (*A_b)[m], double (*A_bd)[m], const double *x, const double *x_d, double *x_b, double *x_bd, double ret_b, double ret_bd){{$}}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

enum { NR = 3, NC = 4, NV = NR * NC + NC };
#define M2(v) ((const double(*)[NC])(const void *)(v))
#define W2(v) ((double(*)[NC])(void *)(v))

static double kf(const double *v, void *ctx)
{
	(void)ctx;
	return f(NR, NC, M2(v), v + NR * NC);
}
static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return f_d(NR, NC, M2(v), M2(vd), v + NR * NC, vd + NR * NC, dot);
}
static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return f_b(NR, NC, M2(v), W2(vb), v + NR * NC, vb + NR * NC, rb);
}
static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	(void)ctx;
	(void)nv;
	return f_b_d(NR, NC, M2(v), M2(vd), W2(vb), W2(vbd), v + NR * NC,
		     vd + NR * NC, vb + NR * NC, vbd + NR * NC, rb, rbd);
}

static double ks(const double *v, void *ctx)
{
	(void)ctx;
	return shrink(NR, NC, M2(v));
}
static double ks_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return shrink_d(NR, NC, M2(v), M2(vd), dot);
}
static double ks_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return shrink_b(NR, NC, M2(v), W2(vb), rb);
}
static double ks_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	(void)ctx;
	(void)nv;
	return shrink_b_d(NR, NC, M2(v), M2(vd), W2(vb), W2(vbd), rb, rbd);
}

enum { TN = 2, TK = 3 };
#define T3(v) ((const double(*)[2][TK])(const void *)(v))
#define U3(v) ((double(*)[2][TK])(void *)(v))
static double kt(const double *v, void *ctx)
{
	(void)ctx;
	return t3(TN, TK, T3(v));
}
static double kt_d(const double *v, const double *vd, double *dot, void *ctx)
{
	(void)ctx;
	return t3_d(TN, TK, T3(v), T3(vd), dot);
}
static double kt_b(const double *v, double *vb, double rb, void *ctx)
{
	(void)ctx;
	return t3_b(TN, TK, T3(v), U3(vb), rb);
}
static double kt_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	(void)ctx;
	(void)nv;
	return t3_b_d(TN, TK, T3(v), T3(vd), U3(vb), U3(vbd), rb, rbd);
}

/* g with m = 2: P is 2 x 4, x has 4, B is 4 x 4 */
enum { GM = 2, GV = 2 * 2 * GM + 2 * GM, GY = 4 * GM * GM };
#define P2(v) ((const double(*)[2 * GM])(const void *)(v))
#define Q2(v) ((double(*)[2 * GM])(void *)(v))
static void kg(const double *v, double *y, void *ctx)
{
	(void)ctx;
	g(GM, P2(v), v + 4 * GM, Q2(y));
}
static void kg_d(const double *v, const double *vd, double *y, double *yd,
		 void *ctx)
{
	(void)ctx;
	g_d(GM, P2(v), P2(vd), v + 4 * GM, vd + 4 * GM, Q2(y), Q2(yd));
}
static void kg_b(const double *v, double *vb, double *y, double *yb,
		 void *ctx)
{
	(void)ctx;
	g_b(GM, P2(v), Q2(vb), v + 4 * GM, vb + 4 * GM, Q2(y), Q2(yb));
}

/* relax: A (NR x NC) in and out */
static void kr(const double *v, double *y, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < NR * NC; i++)
		y[i] = v[i];
	relax(NR, NC, W2(y));
}
static void kr_d(const double *v, const double *vd, double *y, double *yd,
		 void *ctx)
{
	(void)ctx;
	for (int i = 0; i < NR * NC; i++) {
		y[i] = v[i];
		yd[i] = vd[i];
	}
	relax_d(NR, NC, W2(y), W2(yd));
}
static void kr_b(const double *v, double *vb, double *y, double *yb,
		 void *ctx)
{
	(void)ctx;
	for (int i = 0; i < NR * NC; i++)
		y[i] = v[i];
	relax_b(NR, NC, W2(y), W2(yb));
	for (int i = 0; i < NR * NC; i++)
		vb[i] += yb[i];
}

int main(void)
{
	double v[NV], w[GV];
	for (int i = 0; i < NV; i++)
		v[i] = 0.5 * ck_rand();
	for (int i = 0; i < GV; i++)
		w[i] = 0.5 * ck_rand();
	kc_check_scalar("f", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, NV, 3);
	kc_check_scalar("shrink", ks, ks_d, ks_b, ks_b_d, NULL, v, NULL,
			NR * NC, 3);
	kc_check_scalar("t3", kt, kt_d, kt_b, kt_b_d, NULL, v, NULL,
			TN * 2 * TK, 3);
	kc_check_vector("relax", kr, kr_d, kr_b, NULL, v, NULL, NR * NC,
			NR * NC, 3);
	kc_check_vector("g", kg, kg_d, kg_b, NULL, w, NULL, GV, GY, 3);
	return ck_done();
}
#endif
