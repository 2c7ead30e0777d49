// Vector mode: a loop over elements whose only direction loop computes rows
// of shadows from rows of shadows, at the element plus constants, with
// weights the loop does not change (a copy, a stencil, a shift in place),
// keeps its primal statements, and its direction loop runs after it over
// ck_j = i * ck_nd + k: the same assignments in the same order, as one
// long loop (clang had made a copy's direction loop one call of memcpy
// per element).  A direction loop that reads a value of the element
// (a_dv[...] * g[i], 2 * b[i] * b_dv[...]) stays in its loop.  Each
// direction of f_dv is bitwise f_d's for nd = 1, 3 and 16, and the
// Richardson differences agree.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// CHECK-LABEL: double smooth_dv(
// CHECK: for (i = 0; i < n; i++) {
// CHECK-NEXT: a[i] = x[i];
// CHECK-NEXT: }
// CHECK-NEXT: for (long ck_j = (long)0 * ck_nd; ck_j < (long)n * ck_nd; ck_j++) {
// CHECK-NEXT: a_dv[ck_j] = x_dv[ck_j];
// CHECK-NEXT: }
// CHECK-NEXT: for (i = 0; i < n; i++) {
// CHECK-NEXT: double ck_f = g[i];
// CHECK-NEXT: a[i] = a[i] * g[i];
// CHECK-NEXT: CKC_DIRECTIONS for (int ck_k = 0; ck_k < ck_nd; ck_k++) {
// CHECK-NEXT: a_dv[i * ck_nd + ck_k] = a_dv[i * ck_nd + ck_k] * ck_f;
// CHECK: for (i = 1; i < n - 1; i++) {
// CHECK-NEXT: b[i] = a[i] + w * (a[i - 1] - 2 * a[i] + a[i + 1]);
// CHECK-NEXT: }
// CHECK-NEXT: for (long ck_j2 = (long)1 * ck_nd; ck_j2 < (long)(n - 1) * ck_nd; ck_j2++) {
// CHECK-NEXT: b_dv[ck_j2] = a_dv[ck_j2] + w * (a_dv[ck_j2 - ck_nd] - 2 * a_dv[ck_j2] + a_dv[ck_j2 + ck_nd]);
// CHECK-NEXT: }
// CHECK: for (i = 0; i < n - 2; i++) {
// CHECK-NEXT: b[i + 2] = b[i];
// CHECK-NEXT: }
// CHECK-NEXT: for (long ck_j3 = (long)0 * ck_nd; ck_j3 < (long)(n - 2) * ck_nd; ck_j3++) {
// CHECK-NEXT: b_dv[ck_j3 + 2 * ck_nd] = b_dv[ck_j3];
// CHECK-NEXT: }
// CHECK: for (i = 0; i < n; i++) {
// CHECK-NOT: ck_j
// CHECK: CKC_DIRECTIONS for (int ck_k = 0; ck_k < ck_nd; ck_k++) {
// CHECK-NEXT: s_dv[ck_k] += 2.0 * (b_dv[i * ck_nd + ck_k] * ck_f2) * ck_f3;
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed

#define NMAX 40

#pragma ck_tangent wrt(x) vector
#pragma ck_tangent wrt(x)
double smooth(const double *x, const double *g, int n, double w)
{
	double a[NMAX], b[NMAX], s = 0.0;
	int i;

	for (i = 0; i < n; i++)
		a[i] = x[i];
	/* g[i] is a value of the element, declared in the loop for its
	 * direction loop */
	for (i = 0; i < n; i++)
		a[i] = a[i] * g[i];
	b[0] = a[0];
	b[n - 1] = a[n - 1];
	for (i = 1; i < n - 1; i++)
		b[i] = a[i] + w * (a[i - 1] - 2 * a[i] + a[i + 1]);
	/* a shift in place: each element receives one already shifted */
	for (i = 0; i < n - 2; i++)
		b[i + 2] = b[i];
	for (i = 0; i < n; i++)
		s += b[i] * b[i] * (1.0 + 0.01 * i);
	return s;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 23

static double x0[N], g0[N], dir[N];

/* smooth at x0 + h dir */
static double along(double h, void *ctx)
{
	double x[N];
	int i;

	(void)ctx;
	for (i = 0; i < N; i++)
		x[i] = x0[i] + h * dir[i];
	return smooth(x, g0, N, 0.3);
}

int main(void)
{
	static const int nds[] = { 1, 3, 16 };
	double x_dv[N * 16], x_d[N], y_dv[16], y_d;
	int i, k, t;

	for (i = 0; i < N; i++) {
		x0[i] = 0.2 + 0.1 * i - 0.003 * i * i;
		g0[i] = 1.0 + 0.05 * (i % 7);
	}
	for (t = 0; t < 3; t++) {
		int nd = nds[t];
		for (i = 0; i < N; i++)
			for (k = 0; k < nd; k++)
				x_dv[i * nd + k] = (i == k) ? 1.0
					: 0.02 * (k + 1) - 0.01 * (i % 4);
		double y = smooth_dv(x0, x_dv, g0, N, 0.3, nd, y_dv);
		ck_equal_bits("f_dv's primal", y, smooth(x0, g0, N, 0.3));
		for (k = 0; k < nd; k++) {
			for (i = 0; i < N; i++)
				x_d[i] = dir[i] = x_dv[i * nd + k];
			smooth_d(x0, x_d, g0, N, 0.3, &y_d);
			ck_equal_bits("f_dv direction vs f_d", y_dv[k], y_d);
			ck_close("f_d vs differences", y_d,
				 ck_richardson(along, NULL, CK_FD_H), 1e-8);
		}
	}
	return ck_done();
}
#endif
