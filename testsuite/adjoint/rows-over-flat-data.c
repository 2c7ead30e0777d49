// A pointer to rows over flat data, const double (*P)[3] = (const double
// (*)[3])src, with its rows passed to a helper (P[i]) and indexed
// (P[i][1]): an ICP point-to-plane residual.  Over passive data, f_b did
// not compile (f_fwd taped P - src, pointers of two types, and f_bwd
// indexed src + P as rows); over active data it was refused.  The offset
// now counts the data's own numbers, and f_bwd sees rows again through a
// cast ((const double (*)[3])(src + P)), its adjoint too.  f_b against
// differences, f_b_d against differences of gradients and for symmetry.
// The same for rows read straight from an active parameter and from a
// local array (pairs, local_pairs), which were refused too.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// CHECK-LABEL: static double icp_fwd(const double *w, const double *src, const double *dst, int n){{$}}
// CHECK: ck_push_i(ck_t, (long)((const double *)P - src));
// CHECK-LABEL: static void icp_bwd(const double *w, double *restrict w_b, const double *src, const double *dst, int n, double ret_b){{$}}
// CHECK: ((const double (*)[3])(src + P))[i]
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>
static double res(const double *w, const double *p, const double *q)
{
	double d = w[0] * p[0] + w[1] * p[1] - q[2];
	return d * d + sin(p[2] * w[2]);
}
#pragma ck_adjoint wrt(w)
#pragma ck_hvp wrt(w)
double icp(const double *w, const double *src, const double *dst, int n)
{
	const double (*P)[3] = (const double (*)[3])src;
	const double (*Q)[3] = (const double (*)[3])dst;
	double e = 0.0;
	for (int i = 0; i < n; i++)
		e += res(w, P[i], Q[i]) + w[0] * P[i][1];
	return e;
}
#pragma ck_adjoint wrt(w, src)
#pragma ck_hvp wrt(w, src)
double icp2(const double *w, const double *src, const double *dst, int n)
{
	const double (*P)[3] = (const double (*)[3])src;
	double e = 0.0;
	for (int i = 0; i < n; i++)
		e += res(w, P[i], &dst[3 * i]) + w[0] * P[i][1] * P[i][2];
	return e;
}
#pragma ck_adjoint wrt(x)
double pairs(const double *x, int n)
{
	const double (*X)[2] = (const double (*)[2])x;
	double s = 0;
	for (int i = 0; i < n; i++)
		s += X[i][0] * X[i][1];
	return s;
}

#pragma ck_adjoint wrt(x)
double local_pairs(const double *x, int n)
{
	double a[8];
	for (int i = 0; i < 8; i++)
		a[i] = x[i] * x[i];
	double(*X)[2] = (double(*)[2])a;
	double s = 0;
	for (int i = 0; i < n; i++)
		s += X[i][0] * sin(X[i][1]);
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"
static double W[3], S[9], D[9];
typedef struct { int which, k; } at_ctx;
static double at8(double t, void *ctx)
{
	at_ctx *a = ctx;
	double y[8];
	for (int i = 0; i < 8; i++)
		y[i] = S[i] + (a->k == i ? t : 0.0);
	return a->which ? local_pairs(y, 4) : pairs(y, 4);
}

static double at(double t, void *ctx)
{
	at_ctx *a = ctx;
	double w[3], s[9];
	for (int i = 0; i < 3; i++) w[i] = W[i] + (a->k == i ? t : 0.0);
	for (int i = 0; i < 9; i++) s[i] = S[i] + (a->k == 3 + i ? t : 0.0);
	return a->which ? icp2(w, s, D, 3) : icp(w, s, D, 3);
}
static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	icp2_b(x, g, x + 3, g + 3, D, 3, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return icp2_b_d(x, xd, xb, xbd, x + 3, xd + 3, xb + 3, xbd + 3, D, 3,
			rb, rbd);
}

int main(void)
{
	volatile double b = 0.3;
	for (int i = 0; i < 3; i++) W[i] = b + 0.1 * i;
	for (int i = 0; i < 9; i++) { S[i] = b * i - 0.5; D[i] = 0.2 * i - b; }
	double gw[3] = {0}, gw2[3] = {0}, gs2[9] = {0};
	ck_equal_bits("icp_b primal", icp_b(W, gw, S, D, 3, 1.0), icp(W, S, D, 3));
	ck_equal_bits("icp2_b primal", icp2_b(W, gw2, S, gs2, D, 3, 1.0), icp2(W, S, D, 3));
	for (int k = 0; k < 3; k++) {
		at_ctx a = { 0, k }, c = { 1, k };
		ck_close("icp_b", gw[k], ck_richardson(at, &a, CK_FD_H), 1e-8);
		ck_close("icp2_b w", gw2[k], ck_richardson(at, &c, CK_FD_H), 1e-8);
	}
	for (int k = 0; k < 9; k++) {
		at_ctx c = { 1, 3 + k };
		ck_close("icp2_b src", gs2[k], ck_richardson(at, &c, CK_FD_H), 1e-8);
	}
	double x[12], v[12], u[12];
	for (int i = 0; i < 12; i++) {
		x[i] = i < 3 ? W[i] : S[i - 3];
		v[i] = b - 0.05 * i;
		u[i] = 0.1 * (i % 4) - b;
	}
	ck_check_hvp("icp2_b_d", hvp, grad, NULL, x, v, u, NULL, 12, 0.5, 3.0);
	double gp[8] = { 0 }, gl[8] = { 0 };
	ck_equal_bits("pairs_b primal", pairs_b(S, gp, 4, 1.0), pairs(S, 4));
	ck_equal_bits("local_pairs_b primal", local_pairs_b(S, gl, 4, 1.0),
		      local_pairs(S, 4));
	for (int k = 0; k < 8; k++) {
		at_ctx a = { 0, k }, c = { 1, k };
		ck_close("pairs_b", gp[k], ck_richardson(at8, &a, CK_FD_H), 1e-8);
		ck_close("local_pairs_b", gl[k],
			 ck_richardson(at8, &c, CK_FD_H), 1e-8);
	}
	return ck_done();
}
#endif
