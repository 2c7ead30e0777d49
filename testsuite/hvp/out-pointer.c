// A void function with out(y): y_b and y_bd hold the output seeds on entry
// (the function is L = yb . y, and its tangent ybd . y), y_d receives the
// outputs' tangents.  y_i = exp(x_i) x_{(i+1) mod n} for i > 0, y_0 = 1
// (overwritten), so by hand, with j = (i + 1) mod n,
//   x_bd[i] += yb_i (e_i x_j xd_i + e_i xd_j) + ybd_i e_i x_j,
//   x_bd[j] += yb_i e_i xd_i + ybd_i e_i,        e_i = exp(x_i), i > 0
//   x_b [i] += yb_i e_i x_j, x_b[j] += yb_i e_i,
// y_d = the tangent of y, and y_b = y_bd = 0 after (y is output only).
// x_bd against that (1e-12) and against Richardson differences of the hand
// gradient of L = yb . y (CK_HVP_RTOL = 1e-7); the second-order term with
// ybd = 0 and the ybd term with x_d = 0 separately.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

#pragma ck_hvp wrt(x) out(y)
void f(const double *x, double *y, int n)
{
	for (int i = 0; i < n; i++)
		y[i] = exp(x[i]) * x[(i + 1) % n];
	y[0] = 1.0;
}
// CHECK-LABEL: void f_b_d(const double *x, const double *x_d, double *x_b, double *x_bd, double *y, double *y_d, double *y_b, double *y_bd, int n)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 5

static double YB[N];

/* the gradient of L = YB . y */
static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	for (int i = 0; i < N; i++)
		g[i] = 0;
	for (int i = 1; i < N; i++) {
		int j = (i + 1) % N;
		g[i] += YB[i] * exp(x[i]) * x[j];
		g[j] += YB[i] * exp(x[i]);
	}
}

/* sum_i yb_i H(y_i) v + ybd_i grad(y_i) */
static void hand_bd(const double *x, const double *v, const double *yb,
		    const double *ybd, double *out)
{
	for (int i = 0; i < N; i++)
		out[i] = 0;
	for (int i = 1; i < N; i++) {
		int j = (i + 1) % N;
		double e = exp(x[i]);
		out[i] += yb[i] * (e * x[j] * v[i] + e * v[j]) + ybd[i] * e * x[j];
		out[j] += yb[i] * e * v[i] + ybd[i] * e;
	}
}

static void tangent(const double *x, const double *v, double *yd)
{
	yd[0] = 0;
	for (int i = 1; i < N; i++) {
		int j = (i + 1) % N;
		yd[i] = exp(x[i]) * (v[i] * x[j] + v[j]);
	}
}

int main(void)
{
	double x[N], v[N], zero[N] = {0}, ybd[N], g[N], fd[N], want[N];
	for (int i = 0; i < N; i++) {
		x[i] = ck_rand();
		v[i] = ck_rand();
		YB[i] = ck_rand();
		ybd[i] = ck_rand();
	}
	grad(x, g, N, NULL);
	ck_hvp_richardson(grad, NULL, x, v, N, CK_FD_H, fd);

	/* second-order term alone: y_bd = 0 on entry */
	double y[N], yd[N], yb[N], ybd1[N] = {0}, xb[N] = {0}, xbd[N] = {0};
	double ydw[N], ywant[N];
	for (int i = 0; i < N; i++)
		yb[i] = YB[i];
	f_b_d(x, v, xb, xbd, y, yd, yb, ybd1, N);
	hand_bd(x, v, YB, zero, want);
	ck_close_vec("x_b = yb . dy/dx", xb, g, N, 1e-12);
	ck_close_vec("x_bd = yb . H v (ybd = 0) vs hand", xbd, want, N, 1e-12);
	ck_close_vec("x_bd = yb . H v (ybd = 0) vs differences", xbd, fd, N,
		     CK_HVP_RTOL);
	f(x, ywant, N);
	tangent(x, v, ydw);
	for (int i = 0; i < N; i++) {
		ck_equal_bits("y = f's outputs", y[i], ywant[i]);
		ck_check("y_b = 0 after (output only)", yb[i] == 0.0);
		ck_check("y_bd = 0 after (output only)", ybd1[i] == 0.0);
	}
	ck_close_vec("y_d = tangent of y", yd, ydw, N, 1e-12);

	/* ybd term alone: x_d = 0 */
	double xb2[N] = {0}, xbd2[N] = {0}, ybd2[N];
	for (int i = 0; i < N; i++) {
		yb[i] = YB[i];
		ybd2[i] = ybd[i];
	}
	f_b_d(x, zero, xb2, xbd2, y, yd, yb, ybd2, N);
	hand_bd(x, zero, zero, ybd, want);
	ck_close_vec("x_bd = ybd . dy/dx (x_d = 0)", xbd2, want, N, 1e-12);

	/* both, accumulating into nonzero x_b, x_bd */
	double xb3[N], xbd3[N], ybd3[N];
	for (int i = 0; i < N; i++) {
		yb[i] = YB[i];
		ybd3[i] = ybd[i];
		xb3[i] = 0.5;
		xbd3[i] = -0.25;
	}
	f_b_d(x, v, xb3, xbd3, y, yd, yb, ybd3, N);
	hand_bd(x, v, YB, ybd, want);
	for (int i = 0; i < N; i++) {
		xb3[i] -= 0.5;
		xbd3[i] += 0.25;
	}
	ck_close_vec("x_b accumulates", xb3, g, N, 1e-12);
	ck_close_vec("x_bd accumulates yb . H v + ybd . dy/dx", xbd3, want, N,
		     1e-12);
	return ck_done();
}
#endif
