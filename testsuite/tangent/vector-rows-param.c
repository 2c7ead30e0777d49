// Vector mode with a parameter of fixed rows that carries directions,
// const double A[N][N] (a pointer to rows), also in a helper that takes
// a row (row_dot(A[i], u)) or the rows whole (scale_rows(B, a)).  f_dv
// and f_b_dv take its shadow flat, element-major as every shadow
// (A_dv[(i * N + j) * ck_nd + k]), and see it as rows of N * ck_nd
// through a local; vector mode refused such a parameter.  f_dv along 3
// directions is bitwise f_d along each, and f_b_dv bitwise f_b_d; f_d
// against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// CHECK-LABEL: double f_dv(const double (*A)[3], const double *A_dv, const double *u, const double *u_dv, int ck_nd, double *ret_dv){{$}}
// CHECK: const double (*ck_A_dv)[3 * ck_nd] = (const double (*)[3 * ck_nd])A_dv;
// CHECK: row_dot_dv(A[i], ck_A_dv[i], u, u_dv, ck_nd,
// OUT-NOT: FAIL
// OUT: checks, 0 failed
#include <math.h>
#define N 3

static double row_dot(const double r[N], const double *u)
{
	double s = 0;
	for (int j = 0; j < N; j++)
		s += r[j] * u[j];
	return s;
}

static void scale_rows(double A[N][N], double a)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			A[i][j] *= a;
}

#pragma ck_tangent wrt(A, u)
#pragma ck_tangent wrt(A, u) vector
#pragma ck_hvp wrt(A, u)
#pragma ck_hvp wrt(A, u) vector
double f(const double A[N][N], const double *u)
{
	double B[N][N], s = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			B[i][j] = sin(A[i][j]) * u[j];
	scale_rows(B, u[0]);
	for (int i = 0; i < N; i++)
		s += row_dot(B[i], u) * A[i][i] + row_dot(A[i], u);
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define ND 3
#define NA (N * N)
/* (C before C2X does not convert double (*)[N] to const double (*)[N]) */
#define C(a) ((const double(*)[N])(a))
int main(void)
{
	volatile double one = 1.0;
	double A[N][N], u[N], Adv[NA * ND], udv[N * ND], rdv[ND];
	for (int i = 0; i < N; i++) {
		u[i] = (0.2 + 0.1 * i) * one;
		for (int j = 0; j < N; j++)
			A[i][j] = (0.3 * i - 0.2 * j + 0.1) * one;
	}
	for (int i = 0; i < NA * ND; i++)
		Adv[i] = ck_rand() - 0.5;
	for (int i = 0; i < N * ND; i++)
		udv[i] = ck_rand() - 0.5;
	double y = f_dv(C(A), Adv, u, udv, ND, rdv);
	ck_equal_bits("f_dv returns f", y, f(C(A), u));
	/* f_b_dv: the gradient and nd products H d */
	double Ab[N][N] = { { 0 } }, Abdv[NA * ND] = { 0 }, ub[N] = { 0 },
	       ubdv[N * ND] = { 0 }, rbdv[ND] = { 0 };
	ck_equal_bits("f_b_dv returns f",
		      f_b_dv(C(A), Adv, Ab, Abdv, u, udv, ub, ubdv, ND, 1.0, rbdv),
		      y);
	for (int k = 0; k < ND; k++) {
		double Ad[N][N], ud[N], rd;
		for (int i = 0; i < N; i++) {
			ud[i] = udv[i * ND + k];
			for (int j = 0; j < N; j++)
				Ad[i][j] = Adv[(i * N + j) * ND + k];
		}
		ck_equal_bits("f_dv's value", y, f_d(C(A), C(Ad), u, ud, &rd));
		ck_equal_bits("f_dv's tangent", rdv[k], rd);
		double Ab1[N][N] = { { 0 } }, Abd[N][N] = { { 0 } };
		double ub1[N] = { 0 }, ubd[N] = { 0 };
		f_b_d(C(A), C(Ad), Ab1, Abd, u, ud, ub1, ubd, 1.0, 0.0);
		for (int i = 0; i < N; i++) {
			ck_equal_bits("f_b_dv: u_bdv", ubdv[i * ND + k], ubd[i]);
			for (int j = 0; j < N; j++)
				ck_equal_bits("f_b_dv: A_bdv",
					      Abdv[(i * N + j) * ND + k],
					      Abd[i][j]);
		}
		if (k == 0)
			for (int i = 0; i < N; i++)
				for (int j = 0; j < N; j++)
					ck_equal_bits("f_b_dv: A_b", Ab[i][j],
						      Ab1[i][j]);
		/* f_d against differences */
		double h = 1e-6, Ap[N][N], Am[N][N], up[N], um[N];
		for (int i = 0; i < N; i++) {
			up[i] = u[i] + h * ud[i];
			um[i] = u[i] - h * ud[i];
			for (int j = 0; j < N; j++) {
				Ap[i][j] = A[i][j] + h * Ad[i][j];
				Am[i][j] = A[i][j] - h * Ad[i][j];
			}
		}
		ck_close("f_d against differences", rd,
			 (f(C(Ap), up) - f(C(Am), um)) / (2 * h), 1e-7);
	}
	return ck_done();
}
#endif
