// (void)v; on a local stays after v's declaration in every generated
// function that declares v: the statement reads nothing, but without it
// a local that the derivative code no longer reads, or never read, is
// unused or set but not used, which ckc-run's -Werror refuses (ckc
// dropped the statement, and f_d, f_fwd and f_dv did not compile).
// Gradients, Hessian-vector products and the dot-product test against
// differences; each direction of f_dv and f_b_dv is bitwise f_d's and
// f_b_d's.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 3

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_hvp wrt(x) vector
double f(const double *x, int mem)
{
	int spare = 0;
	double t = sin(x[0]);
	double s = 0;
	(void)spare;
	(void)mem;
	(void)t;
	for (int i = 0; i < N; i++) {
		double u = x[i] * x[i];
		(void)u;
		s += x[i] * x[(i + 1) % N];
	}
	return s * x[0];
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, int mem, double *ret_d){{$}}
// CHECK-NEXT: {
// CHECK-NEXT: (void)mem;
// CHECK-NEXT: int spare = 0;
// CHECK-NEXT: (void)spare;
// CHECK-LABEL: double f_dv(
// CHECK: (void)spare;
// CHECK-LABEL: static double f_fwd(const double *x, int mem){{$}}
// CHECK: int spare = 0;
// CHECK-NEXT: (void)spare;
// CHECK: (void)t;
// CHECK: (void)u;
// CHECK-LABEL: static void f_bwd(
// CHECK-NOT: spare
// CHECK-LABEL: double f_b_d(
// CHECK-LABEL: static double f_fwd_d(
// CHECK: (void)spare;
// CHECK-LABEL: static double f_fwd_dv(
// CHECK: (void)spare;

#ifdef CK_TEST_MAIN
#include <string.h>

#include "kernelcheck.h"

KC_SCALAR_WRAPPERS(f, 7)

int main(void)
{
	double x[N];
	for (int i = 0; i < N; i++)
		x[i] = ck_rand() - 0.5;
	kc_check_scalar("(void) locals", kf, kf_d, kf_b, kf_b_d, NULL, x,
			NULL, N, 3);
	enum { ND = 2 };
	double xdv[N * ND], rdv[ND], xb[N] = { 0 }, xbdv[N * ND] = { 0 };
	double rbdv[ND] = { 0.5, -1.5 };
	for (int i = 0; i < N * ND; i++)
		xdv[i] = ck_rand() - 0.5;
	f_dv(x, xdv, 7, ND, rdv);
	f_b_dv(x, xdv, xb, xbdv, 7, ND, 1.0, rbdv);
	for (int k = 0; k < ND; k++) {
		double xd[N], rd, xb1[N] = { 0 }, xbd[N] = { 0 };
		for (int i = 0; i < N; i++)
			xd[i] = xdv[i * ND + k];
		f_d(x, xd, 7, &rd);
		ck_check("f_dv direction is f_d's, bitwise",
			 memcmp(&rd, &rdv[k], sizeof rd) == 0);
		f_b_d(x, xd, xb1, xbd, 7, 1.0, rbdv[k]);
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
