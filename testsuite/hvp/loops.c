// while with continue, do-while with a data-dependent break, and a for
// loop with break on a counter:
//   s = sum over i != 1 (mod 3) of x_i^2 exp(x_i / 2)      (while, continue)
//   p = prod over j < J of (1 + c x_j), J the first j with x_j > 1.5
//                                                        (do-while, break)
//   q = sum over the first 3 i of x_i x_{i+1}              (for, break)
//   f = s + p + q
// By hand: H[i][i] += (2 + 2x + x^2/4) exp(x/2) for each term of s;
// H[j][k] += c^2 p / ((1 + c x_j)(1 + c x_k)) for j != k < J; q adds 1 at
// (i, i+1) and (i+1, i).  The points stay 0.1 away from 1.5.  f_b_d against
// that H (1e-12) and Richardson differences of the hand gradient
// (CK_HVP_RTOL = 1e-7), the ret_bd * grad term separately, accumulation,
// symmetry.
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
#include <math.h>

#pragma ck_hvp wrt(x)
double f(const double *x, int n)
{
	double s = 0.0, p = 1.0, q = 0.0;
	int i = 0;
	while (i < n) {
		if (i % 3 == 1) {
			i++;
			continue;
		}
		s += x[i] * x[i] * exp(0.5 * x[i]);
		i++;
	}
	int j = 0;
	do {
		if (x[j] > 1.5)
			break;
		p *= 1.0 + 0.1 * x[j];
		j++;
	} while (j < n);
	for (int k = 0; k < n - 1; k++) {
		if (k == 3)
			break;
		q += x[k] * x[k + 1];
	}
	return s + p + q;
}
// CHECK-LABEL: double f_b_d(const double *x, const double *x_d, double *x_b, double *x_bd, int n, double ret_b, double ret_bd)

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 8
#define C 0.1

static void hand(const double *x, const double *v, double *g, double *hv)
{
	double p = 1;
	int J = N;
	for (int i = 0; i < N; i++)
		g[i] = hv[i] = 0;
	for (int i = 0; i < N; i++) {
		if (i % 3 == 1)
			continue;
		double e = exp(0.5 * x[i]);
		g[i] += (2 * x[i] + 0.5 * x[i] * x[i]) * e;
		if (v)
			hv[i] += (2 + 2 * x[i] + 0.25 * x[i] * x[i]) * e * v[i];
	}
	for (int j = 0; j < N; j++) {
		if (x[j] > 1.5) {
			J = j;
			break;
		}
		p *= 1 + C * x[j];
	}
	for (int j = 0; j < J; j++) {
		g[j] += C * p / (1 + C * x[j]);
		if (v)
			for (int k = 0; k < J; k++)
				if (k != j)
					hv[j] += C * C * p /
						 ((1 + C * x[j]) * (1 + C * x[k])) * v[k];
	}
	for (int k = 0; k < 3; k++) {
		g[k] += x[k + 1];
		g[k + 1] += x[k];
		if (v) {
			hv[k] += v[k + 1];
			hv[k + 1] += v[k];
		}
	}
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	double hv[N];
	(void)n;
	(void)ctx;
	hand(x, NULL, g, hv);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double qb, int n, void *ctx)
{
	(void)ctx;
	return f_b_d(x, xd, xb, xbd, n, rb, qb);
}

int main(void)
{
	/* the first breaks the do-while at j = 5, the second runs it out */
	static const double pts[2][N] = {
		{0.3, -0.7, 1.2, 0.5, -1.1, 1.8, 0.9, 2.2},
		{-0.4, 0.8, 1.3, -0.6, 0.2, 1.1, -1.4, 0.7}};
	for (int k = 0; k < 2; k++) {
		double v[N], u[N], g[N], hv[N];
		for (int i = 0; i < N; i++) {
			v[i] = ck_rand();
			u[i] = ck_rand();
		}
		hand(pts[k], v, g, hv);
		double y = ck_check_hvp("loops", hvp, grad, NULL, pts[k], v, u,
					hv, N, 0.75, -1.25);
		ck_equal_bits("primal", y, f(pts[k], N));
	}
	return ck_done();
}
#endif
