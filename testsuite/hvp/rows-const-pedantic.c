// Pointers to rows of writable and of const elements meet in the generated
// code, which C before C2X does not convert into each other by itself
// (gcc -std=c99 -pedantic: "pointers to arrays with different
// qualifiers"); %ckc-run compiles with -pedantic -Werror:
//   - f_b_d of out(y) passes its double (*y_d)[2] to f_bwd_d, where y is
//     read only and y_d points to const rows: cast;
//   - a local array passed to a const-rows parameter, and a const pointer
//     to its rows (R - A, which f_fwd tapes): the shadow of the cast is
//     a cast to writable rows, (double (*)[2])A_b, and the offset casts A.
// Then the numbers: f_b_d and f_d of f against f by hand (1e-12), and g's
// f_d, f_b and f_b_d against differences (kernelcheck.h).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#pragma ck_tangent wrt(x) out(y)
#pragma ck_hvp wrt(x) out(y)
void f(const double x[][2], double y[][2], int n)
{
	for (int i = 0; i < n; i++) {
		y[i][0] = x[i][0] * x[i][1];
		y[i][1] = x[i][1];
	}
}
// (its f_b_d is checked below: the output has the adjoints first)

static double sum(const double r[][2], int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += r[i][0] * sin(r[i][1]);
	return s;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double g(const double *x, int n)
{
	double A[3][2];
	for (int i = 0; i < 3; i++) {
		A[i][0] = x[i % n];
		A[i][1] = x[(i + 1) % n] * 2;
	}
	const double (*R)[2] = (const double (*)[2])A;
	double s = R[1][0] * R[2][1];
	return s + sum((const double (*)[2])A, 3) +
	       sum((const double (*)[2])(A + 1), 2);
}
// CHECK-LABEL: static double g_fwd(const double *x, int n){{$}}
// CHECK: ck_push_i(ck_t, (long)(R - (const double (*)[2])A));
// CHECK-LABEL: static void g_bwd(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// CHECK: sum_bwd((double (*)[2])A_b, 3, ck_a{{[0-9]*}});
// CHECK-LABEL: void f_b_d(
// CHECK: f_bwd_d(x, x_d, x_b, x_bd, y, (const double (*)[2])y_d, y_b, y_bd, n);

#ifdef CK_TEST_MAIN
#define CK_VEC_MAX 8
#include "kernelcheck.h"

#define N 4

KC_SCALAR_WRAPPERS(g, N)

int main(void)
{
	double x[N][2], xd[N][2], y[N][2], yd[N][2], yb[N][2], ybd[N][2];
	double xb[N][2], xbd[N][2];
	double YB[N][2], YBD[N][2];
	for (int i = 0; i < N; i++)
		for (int j = 0; j < 2; j++) {
			x[i][j] = ck_rand();
			xd[i][j] = ck_rand();
			YB[i][j] = yb[i][j] = ck_rand();
			YBD[i][j] = ybd[i][j] = ck_rand();
			xb[i][j] = 0.5;
			xbd[i][j] = 0.25;
		}
	f_b_d((const double (*)[2])x, (const double (*)[2])xd, xb, xbd, y, yd,
	      yb, ybd, N);
	for (int i = 0; i < N; i++) {
		double x0 = x[i][0], x1 = x[i][1], d0 = xd[i][0],
		       d1 = xd[i][1];
		double b0 = YB[i][0], b1 = YB[i][1];
		double e0 = YBD[i][0], e1 = YBD[i][1];
		ck_close("f_b_d: x_b[i][0]", xb[i][0], 0.5 + b0 * x1, 1e-12);
		ck_close("f_b_d: x_b[i][1]", xb[i][1], 0.5 + b0 * x0 + b1,
			 1e-12);
		ck_close("f_b_d: x_bd[i][0]", xbd[i][0],
			 0.25 + e0 * x1 + b0 * d1, 1e-12);
		ck_close("f_b_d: x_bd[i][1]", xbd[i][1],
			 0.25 + e0 * x0 + b0 * d0 + e1, 1e-12);
		ck_equal_bits("f_b_d: y[i][0]", y[i][0], x0 * x1);
		ck_equal_bits("f_b_d: y[i][1]", y[i][1], x1);
		ck_close("f_b_d: y_d[i][0]", yd[i][0], d0 * x1 + x0 * d1,
			 1e-12);
		ck_close("f_b_d: y_d[i][1]", yd[i][1], d1, 1e-12);
	}
	f_d((const double (*)[2])x, (const double (*)[2])xd, y, yd, N);
	for (int i = 0; i < N; i++) {
		ck_close("f_d: y_d[i][0]", yd[i][0],
			 xd[i][0] * x[i][1] + x[i][0] * xd[i][1], 1e-12);
		ck_close("f_d: y_d[i][1]", yd[i][1], xd[i][1], 1e-12);
	}

	double v[N];
	for (int i = 0; i < N; i++)
		v[i] = 0.3 + 0.2 * ck_rand();
	kc_check_scalar("g", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL, N, 3);
	return ck_done();
}
#endif
