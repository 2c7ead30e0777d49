// A local const table of rows passed to a parameter of const rows
// (const double F[2][2] to tr's const double A[2][2], T[1] of a 3-D
// table, and T itself; also offset, &T[0], T[0] + 0, T + 0, and a
// local pointer to const rows set from T[0] + 1).  f_fwd declares its
// copy of the table without
// const, since it stores the values one by one, so the argument is cast
// to the parameter's type as other arrays of writable rows are: C before
// C2X does not convert double (*)[2] to const double (*)[2] by itself
// (gcc -std=c99 -pedantic; f_fwd, f_fwd_d and f_fwd_dv did not compile).
// Gradients, Hessian-vector products and the dot-product test against
// differences; each direction of f_b_dv is bitwise f_b_d's.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 2

static double tr(const double A[2][2], const double *x)
{
	return A[0][0] * x[0] * x[0] + A[1][1] * sin(x[1]) +
	       A[0][1] * x[0] * x[1];
}

static double row1(const double (*R)[2], const double *x)
{
	return R[0][0] * x[0] + R[0][1] * x[1] * x[1];
}

static double tr3(const double B[][2][2], const double *x)
{
	return tr(B[1], x) * B[0][1][0];
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
#pragma ck_hvp wrt(x) vector
double f(const double *x)
{
	const double F[2][2] = { { 1, 2 }, { 3, 4 } };
	const double T[2][2][2] = { { { 1, 2 }, { 3, 4 } },
				    { { 5, 6 }, { 7, 8 } } };
	const double (*B)[2] = T[0] + 1;
	double s = tr(F, x) + tr(T[1], x) + tr3(T, x);
	s += tr3(&T[0], x) * tr(T[0] + 0, x) + row1(B, x) + tr3(T + 0, x);
	return s * x[0];
}
// CHECK-LABEL: static double f_fwd(const double *x){{$}}
// CHECK: double F[2][2] = {{[{][{]}}0.0}};
// CHECK: = tr_fwd((const double (*)[2])F, x);
// CHECK: = tr_fwd((const double (*)[2])T[1], x);
// CHECK: = tr3_fwd((const double (*)[2][2])T, x);
// CHECK: = tr3_fwd((const double (*)[2][2])&T[0], x);
// CHECK: = tr_fwd((const double (*)[2])(T[0] + 0), x);
// CHECK-LABEL: static double f_fwd_d(
// CHECK: = tr_fwd_d((const double (*)[2])F, x, x_d, &{{ck_tr[0-9]*_d}});
// CHECK-LABEL: static double f_fwd_dv(
// CHECK: = tr_fwd_dv((const double (*)[2])F, x, x_dv, ck_nd, {{ck_tr[0-9]*_dv}});

#ifdef CK_TEST_MAIN
#include <string.h>

#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double x[N];
	for (int i = 0; i < N; i++)
		x[i] = ck_rand() - 0.5;
	kc_check_scalar("const local rows", kf, kf_d, kf_b, kf_b_d, NULL, x,
			NULL, N, 3);
	enum { ND = 3 };
	double xdv[N * ND], xb[N] = { 0 }, xbdv[N * ND] = { 0 };
	double rbdv[ND] = { 0.5, -1.5, 2.0 };
	for (int i = 0; i < N * ND; i++)
		xdv[i] = ck_rand() - 0.5;
	f_b_dv(x, xdv, xb, xbdv, ND, 1.0, rbdv);
	for (int k = 0; k < ND; k++) {
		double xd[N], xb1[N] = { 0 }, xbd[N] = { 0 };
		for (int i = 0; i < N; i++)
			xd[i] = xdv[i * ND + k];
		f_b_d(x, xd, xb1, xbd, 1.0, rbdv[k]);
		int same = memcmp(xb1, xb, sizeof xb) == 0;
		for (int i = 0; i < N; i++)
			same &= memcmp(&xbd[i], &xbdv[i * ND + k],
				       sizeof xbd[i]) == 0;
		ck_check("f_b_dv direction is f_b_d's, bitwise", same);
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
