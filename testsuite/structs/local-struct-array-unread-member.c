// A local array of structs becomes one array per member; a member that
// nothing reads (prev[i] = cur[i] copies prev[i].v, which no one reads
// after; cur[i].id, read only by that copy) goes with its stores, and
// one that keeps a store of a call's value (prev[i].w = g(x[i])) is
// declared with (void)prev_w, as the source's (void)v would be.  ckc
// kept them all, set but not used, which ckc-run's -Wall -Werror refuses
// (f_d, f_fwd, f_dv and f_fwd_dv did not compile).  Gradients,
// Hessian-vector products and the dot-product test against differences;
// each direction of f_dv and f_b_dv is bitwise f_d's and f_b_d's.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 4

typedef struct {
	double p, v, w;
	int id;
} pv;

static double g(double a)
{
	return a * sin(a);
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_hvp wrt(x) vector
double f(const double *x)
{
	pv cur[2], prev[2];
	int i;
	for (i = 0; i < 2; i++) {
		cur[i].p = x[i];
		cur[i].v = x[i + 2];
		cur[i].w = 0;
		cur[i].id = i;
	}
	for (i = 0; i < 2; i++) {
		prev[i] = cur[i];
		prev[i].w = g(x[i]);
		cur[i].v += prev[i].p * cur[i].p;
	}
	return cur[0].v * cur[1].v;
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK-NOT: cur_id
// CHECK-NOT: cur_w[
// CHECK-NOT: prev_v
// CHECK: double prev_w[2];
// CHECK-NEXT: (void)prev_w;
// CHECK-NOT: prev_v
// CHECK-LABEL: double f_dv(
// CHECK-NOT: prev_v
// CHECK: (void)prev_w;
// CHECK-NOT: prev_v
// CHECK-LABEL: static double f_fwd(const double *x){{$}}
// CHECK-NOT: prev_v
// CHECK: (void)prev_w;
// CHECK-NOT: prev_v
// CHECK-LABEL: static void f_bwd(

#ifdef CK_TEST_MAIN
#include <string.h>

#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double x[N];
	for (int i = 0; i < N; i++)
		x[i] = ck_rand() - 0.5;
	kc_check_scalar("unread members", kf, kf_d, kf_b, kf_b_d, NULL, x,
			NULL, N, 3);
	enum { ND = 3 };
	double xdv[N * ND], rdv[ND], xb[N] = { 0 }, xbdv[N * ND] = { 0 };
	double rbdv[ND] = { 0.5, -1.5, 2.0 };
	for (int i = 0; i < N * ND; i++)
		xdv[i] = ck_rand() - 0.5;
	f_dv(x, xdv, ND, rdv);
	f_b_dv(x, xdv, xb, xbdv, ND, 1.0, rbdv);
	for (int k = 0; k < ND; k++) {
		double xd[N], rd, xb1[N] = { 0 }, xbd[N] = { 0 };
		for (int i = 0; i < N; i++)
			xd[i] = xdv[i * ND + k];
		f_d(x, xd, &rd);
		ck_check("f_dv direction is f_d's, bitwise",
			 memcmp(&rd, &rdv[k], sizeof rd) == 0);
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
