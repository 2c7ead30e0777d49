// f_d and f_dv of one function with parameters of rows (const double
// A[n][n], double (*B)[n]) and of row pointers (double **K), which neither
// differentiates.  Both generated functions declare the rows again and
// read them through a flat local (A2).  They shared the source function's
// variables, so renaming the parameter for f_d renamed it for f_dv too:
// f_dv declared its parameter A2 and a local A2 from it, which no compiler
// accepts.  Each function now renames its own.  f_dv along 3 directions
// is bitwise f_d along each, and f_d agrees with differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: FileCheck %s --check-prefix=HDR --input-file %t.h
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
double f(const double *x, int n, const double A[n][n], double (*B)[n],
	 double **K)
{
	double e = 0.0;
	for (int i = 0; i < n; i++) {
		e += A[i][i] * x[i] * x[i] + B[i][n - 1 - i] * x[i];
		for (int j = 0; j < n; j++)
			e += K[i][j] * x[i] * x[j] * 0.25;
	}
	return e;
}
// HDR: double f_d(const double *x, const double *x_d, int n, const double (*A)[n], double (*B)[n], double **K, double *ret_d);
// HDR: double f_dv(const double *x, const double *x_dv, int n, const double (*A)[n], double (*B)[n], double **K, int ck_nd, double *ret_dv);
// CHECK-LABEL: double f_d(
// CHECK-NEXT: {
// CHECK-NEXT: const double *A2 = (const double *)A;
// CHECK-NEXT: double *B2 = (double *)B;
// CHECK-LABEL: double f_dv(
// CHECK-NEXT: {
// CHECK-NEXT: #ifdef CKC_WIDE
// CHECK-NEXT: if (__builtin_cpu_supports("avx512f")) {
// CHECK: return f_dv_ck512(x, x_dv, n, A, B, K, ck_nd, ret_dv);
// CHECK: return f_dv_n8(x, x_dv, n, A, B, K, ret_dv);
// CHECK-NEXT: #endif
// CHECK-NEXT: const double *A2 = (const double *)A;
// CHECK-NEXT: double *B2 = (double *)B;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 4
#define ND 3
int main(void)
{
	double x[N] = {0.3, -0.7, 1.1, 0.8}, dv[N * ND], rdv[ND];
	double Aw[N][N], B[N][N], rows[N][N], *K[N];
	/* (C99 converts no double (*)[N] to a const one implicitly) */
	const double(*A)[N] = (const double(*)[N])Aw;
	for (int i = 0; i < N; i++) {
		K[i] = rows[i];
		for (int j = 0; j < N; j++) {
			Aw[i][j] = 0.5 + 0.25 * (i - j);
			B[i][j] = 1.0 - 0.125 * (i + j);
			rows[i][j] = 0.375 * (i * j) - 0.5;
		}
	}
	for (int i = 0; i < N * ND; i++)
		dv[i] = ck_rand() - 0.5;
	double y = f_dv(x, dv, N, A, B, K, ND, rdv);
	ck_equal_bits("f_dv returns f", y, f(x, N, A, B, K));
	for (int k = 0; k < ND; k++) {
		double d[N], rd;
		for (int i = 0; i < N; i++)
			d[i] = dv[i * ND + k];
		ck_equal_bits("f_dv's value", y, f_d(x, d, N, A, B, K, &rd));
		ck_equal_bits("f_dv's tangent", rdv[k], rd);
	}
	/* f_d against differences (f is quadratic: central differences
	 * are exact but for rounding) */
	double d[N] = {0.5, -0.25, 1.0, 0.75}, rd, xp[N], xm[N];
	double h = 1e-3;
	f_d(x, d, N, A, B, K, &rd);
	for (int i = 0; i < N; i++) {
		xp[i] = x[i] + h * d[i];
		xm[i] = x[i] - h * d[i];
	}
	ck_close("f_d against differences", rd,
		 (f(xp, N, A, B, K) - f(xm, N, A, B, K)) / (2 * h), 1e-9);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
