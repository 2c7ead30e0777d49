// Vector mode with a for loop whose init or increment assigns a value
// with a derivative, as textbook C writes them: for (s = 0.0; ...),
// for (sum = a[i], k = i - 1; ...) (Cholesky), for (j = 0; ...; j++,
// x += del) (the trapezoid rule).  Such an init runs before the loop (in a
// block, which keeps its declarations' scope), and such an increment ends
// the body; f_dv stopped with an internal error.  f_dv along 3 directions
// is bitwise f_d along each.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define N 5

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
double f(const double *x, int n)
{
	double s, t = x[0], u = 0.0;
	int k;
	for (s = 0.0; n > 0; n--)
		s += x[n - 1] * x[n - 1];
	for (k = 0; k < N; k++, t *= 0.5 + 0.1 * x[1])
		s += sin(x[k]) * t;
	for (u = x[2], k = 1; k < N; k++)
		u = u * 0.9 + x[k] * u;
	return s + u;
}
// CHECK-LABEL: double f_dv(
// CHECK: for (k = 0; k < 5;) {

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define ND 3
int main(void)
{
	double x[N] = {0.3, -0.7, 1.1, 0.8, -0.2}, dv[N * ND], rdv[ND];
	for (int i = 0; i < N * ND; i++)
		dv[i] = ck_rand() - 0.5;
	double y = f_dv(x, dv, N, ND, rdv);
	ck_equal_bits("f_dv returns f", y, f(x, N));
	for (int k = 0; k < ND; k++) {
		double d[N], rd;
		for (int i = 0; i < N; i++)
			d[i] = dv[i * ND + k];
		ck_equal_bits("f_dv's value", y, f_d(x, d, N, &rd));
		ck_equal_bits("f_dv's tangent", rdv[k], rd);
	}
	/* f_d against differences */
	double d[N] = {0.5, -0.25, 1.0, 0.75, -0.5}, rd, xp[N], xm[N];
	double h = 1e-6;
	f_d(x, d, N, &rd);
	for (int i = 0; i < N; i++) {
		xp[i] = x[i] + h * d[i];
		xm[i] = x[i] - h * d[i];
	}
	ck_close("f_d against differences", rd, (f(xp, N) - f(xm, N)) / (2 * h),
		 1e-7);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
