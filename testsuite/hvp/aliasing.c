// Aliased arguments: axpy(a, w, w, n) reads and writes the same array
// (w = (1 + a) w), dot(w, w, n) reads it twice; and an in/out wrt pointer
// updated in place by the same aliased call.
//   w = (1 + a)^2 x, f = dot(w, x) + dot(w, w) / 2 = phi(a) S,
//   phi = b^2 + b^4 / 2, b = 1 + a, S = |x|^2; by hand
//   H[x_i][x_j] = 2 phi [i = j], H[x_i][a] = 2 phi' x_i, H[a][a] = phi'' S,
//   phi' = 2b + 2b^3, phi'' = 2 + 6b^2.
// f_b_d against that H (1e-12) and Richardson differences of the hand
// gradient (CK_HVP_RTOL = 1e-7), the ret_bd * grad term separately,
// accumulation, symmetry.  scale(y, a): y = (1 + a) y in place, out(y): with
// output seeds yb, ybd, by hand y_b = (1 + a) yb, y_bd = (1 + a) ybd + a_d yb,
// a_b = yb . y, a_bd = ybd . y + yb . y_d, y_d = (1 + a) y_d + a_d y.
// Each also bitwise the same with --no-tbr and --no-activity.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-activity %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

static void axpy(double a, const double *x, double *y, int n)
{
	for (int i = 0; i < n; i++)
		y[i] += a * x[i];
}

static double dot(const double *x, const double *y, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++)
		s += x[i] * y[i];
	return s;
}

#pragma ck_hvp wrt(x, a)
double f(const double *x, double a, int n)
{
	double w[8];
	for (int i = 0; i < 8; i++)
		w[i] = 0.0;
	for (int i = 0; i < n; i++)
		w[i] = x[i];
	axpy(a, w, w, n);
	axpy(a, w, w, n);
	return dot(w, x, n) + 0.5 * dot(w, w, n);
}
// CHECK-LABEL: double f_b_d(const double *x, const double *x_d, double *x_b, double *x_bd, double a, double a_d, double *a_b, double *a_bd, int n, double ret_b, double ret_bd)

#pragma ck_hvp wrt(y, a) out(y)
void scale(double *y, double a, int n)
{
	axpy(a, y, y, n);
}
// CHECK-LABEL: void scale_b_d(double *y, double *y_d, double *y_b, double *y_bd, double a, double a_d, double *a_b, double *a_bd, int n)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 6

static void grad(const double *p, double *g, int n, void *ctx)
{
	double b = 1 + p[N], phi = b * b + 0.5 * b * b * b * b, S = 0;
	(void)n;
	(void)ctx;
	for (int i = 0; i < N; i++) {
		g[i] = 2 * phi * p[i];
		S += p[i] * p[i];
	}
	g[N] = (2 * b + 2 * b * b * b) * S;
}

static void hess_vec(const double *p, const double *v, double *hv)
{
	double b = 1 + p[N], phi = b * b + 0.5 * b * b * b * b;
	double d1 = 2 * b + 2 * b * b * b, d2 = 2 + 6 * b * b, S = 0;
	hv[N] = 0;
	for (int i = 0; i < N; i++) {
		hv[i] = 2 * phi * v[i] + 2 * d1 * p[i] * v[N];
		hv[N] += 2 * d1 * p[i] * v[i];
		S += p[i] * p[i];
	}
	hv[N] += d2 * S * v[N];
}

static double hvp(const double *p, const double *pd, double *pb, double *pbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	return f_b_d(p, pd, pb, pbd, p[N], pd[N], &pb[N], &pbd[N], N, rb, qb);
}

int main(void)
{
	double p[N + 1], v[N + 1], u[N + 1], hv[N + 1];
	for (int k = 0; k < 2; k++) {
		for (int i = 0; i <= N; i++) {
			p[i] = ck_rand();
			v[i] = ck_rand();
			u[i] = ck_rand();
		}
		hess_vec(p, v, hv);
		double y = ck_check_hvp("aliased calls", hvp, grad, NULL, p, v, u,
					hv, N + 1, 0.75, -1.25);
		ck_equal_bits("primal", y, f(p, p[N], N));
	}

	/* scale: in place through an aliased call */
	double y[N], y0[N], yd[N], yd0[N], yb[N], yb0[N], ybd[N], ybd0[N];
	double a = 0.3, ad = -0.7, ab = 0.25, abd = -0.5;
	double want[N], wantd[N], got[N], gotd[N];
	double wab = ab, wabd = abd;
	for (int i = 0; i < N; i++) {
		y[i] = y0[i] = ck_rand();
		yd[i] = yd0[i] = ck_rand();
		yb[i] = yb0[i] = ck_rand();
		ybd[i] = ybd0[i] = ck_rand();
		wab += yb0[i] * y0[i];
		wabd += ybd0[i] * y0[i] + yb0[i] * yd0[i];
	}
	scale_b_d(y, yd, yb, ybd, a, ad, &ab, &abd, N);
	for (int i = 0; i < N; i++) {
		want[i] = (1 + a) * yb0[i];
		wantd[i] = (1 + a) * ybd0[i] + ad * yb0[i];
		got[i] = (1 + a) * y0[i];
		gotd[i] = (1 + a) * yd0[i] + ad * y0[i];
	}
	ck_close_vec("scale: y_b = (1 + a) yb", yb, want, N, 1e-12);
	ck_close_vec("scale: y_bd = (1 + a) ybd + a_d yb", ybd, wantd, N, 1e-12);
	ck_close_vec("scale: y = (1 + a) y", y, got, N, 1e-12);
	ck_close_vec("scale: y_d = (1 + a) y_d + a_d y", yd, gotd, N, 1e-12);
	ck_close("scale: a_b += yb . y", ab, wab, 1e-12);
	ck_close("scale: a_bd += ybd . y + yb . y_d", abd, wabd, 1e-12);
	return ck_done();
}
#endif
