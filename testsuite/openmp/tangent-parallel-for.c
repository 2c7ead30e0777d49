// The tangent of '#pragma omp parallel for' loops stays parallel, with each
// shadow in its variable's clause: private, firstprivate, lastprivate,
// reduction(+), and of * and min with their tangents (the partials join
// in thread order by the tangent's rule), collapse(2), schedule(static,
// chunk).  Checked against
// finite differences, bitwise between two runs at 1, 2 and 4 threads, and
// equal to 1e-13 to the serial build (the same program without -fopenmp,
// where the output compiles warning-free with the pragmas left out).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %cc -Wunknown-pragmas -c %t.c -o %t.serial.o
// RUN: %ckc-run %t.c %s %t.omp -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT
#include <math.h>

static double act(double v)
{
	return tanh(v) + 0.1 * v;
}

#pragma ck_tangent wrt(x, w) out(y)
double layer(const double *x, const double *w, double *y, int n, int m)
{
	double s = 0.0, t, scale = 0.5, last = 0.0, pr = 1.0, mn = 1e300;
	int i, j;
#pragma omp parallel for private(t) firstprivate(scale) lastprivate(last) reduction(+:s) reduction(*:pr) reduction(min:mn) schedule(static, 3)
	for (i = 0; i < n; i++) {
		double acc = 0.0;
		for (int k = 0; k < m; k++)
			acc += w[i * m + k] * x[k];
		t = act(acc) * scale;
		scale = scale * 1.0;
		y[i] = t;
		s += t * t;
		pr *= 1.0 + 0.01 * t;
		mn = fmin(mn, t * x[0]);
		last = t;
	}
#pragma omp parallel for collapse(2) reduction(- : s)
	for (i = 0; i < n; i++)
		for (j = 0; j < m; j++)
			s -= 0.01 * sin(w[i * m + j] * x[j]);
	return s + last + pr + mn;
}
// CHECK-LABEL: double layer_d(
// CHECK: #ifdef _OPENMP
// CHECK-NEXT: #pragma omp parallel
// CHECK-NEXT: {
// CHECK-NEXT: double ck_part_s = 0.0;
// CHECK-NEXT: double ck_part_s_d = 0.0;
// CHECK-NEXT: double ck_part_pr = 1.0;
// CHECK-NEXT: double ck_part_pr_d = 0.0;
// CHECK-NEXT: double ck_part_mn = HUGE_VAL;
// CHECK-NEXT: double ck_part_mn_d = 0.0;
// CHECK-NEXT: #pragma omp for private(t, t_d) firstprivate(scale) lastprivate(last, last_d) schedule(static, 3)
// CHECK-NEXT: for (i = 0; i < n; i++) {
// CHECK: ck_part_s_d += 2.0 * (t_d * t);
// CHECK-NEXT: ck_part_s += t * t;
// CHECK: #pragma omp for ordered schedule(static, 1)
// CHECK-NEXT: for (int ck_thread = 0; ck_thread < omp_get_num_threads(); ck_thread++) {
// CHECK-NEXT: #pragma omp ordered
// CHECK-NEXT: {
// CHECK-NEXT: s += ck_part_s;
// CHECK-NEXT: s_d += ck_part_s_d;
// CHECK-NEXT: pr_d = pr_d * ck_part_pr + pr * ck_part_pr_d;
// CHECK-NEXT: pr *= ck_part_pr;
// CHECK-NEXT: mn_d = mn <= ck_part_mn ? mn_d : ck_part_mn_d;
// CHECK-NEXT: mn = fmin(mn, ck_part_mn);
// CHECK: #else
// CHECK-NEXT: for (i = 0; i < n; i++) {
// CHECK: s_d += 2.0 * (t_d * t);
// CHECK-NEXT: s += t * t;
// CHECK: #endif
// CHECK: #pragma omp for collapse(2)
// CHECK: ck_part_s -= 0.01 * sin(w[i * m + j] * x[j]);

#ifdef CK_TEST_MAIN
#ifdef _OPENMP
#include <omp.h>
#endif
#include <stdio.h>
#include "ckcheck.h"

#define N 37
#define M 5
static double x[M], w[N * M], dx[M], dw[N * M];

static double at(double h, void *ctx)
{
	double xs[M], ws[N * M], y[N];
	int k = *(int *)ctx;
	for (int i = 0; i < M; i++)
		xs[i] = x[i] + h * dx[i];
	for (int i = 0; i < N * M; i++)
		ws[i] = w[i] + h * dw[i];
	double r = layer(xs, ws, y, N, M);
	return k < 0 ? r : y[k];
}

int main(void)
{
	double y[N], yd[N], y2[N], yd2[N], r, rd, r2, rd2, ref[N + 1];
	ck_srand(7);
	for (int i = 0; i < M; i++)
		x[i] = ck_rand(), dx[i] = ck_rand();
	for (int i = 0; i < N * M; i++)
		w[i] = ck_rand(), dw[i] = ck_rand();
	for (int t = 0; t < 3; t++) {
#ifdef _OPENMP
		omp_set_num_threads(1 << t); /* 1, 2, 4 */
#endif
		r = layer_d(x, dx, w, dw, y, yd, N, M, &rd);
		r2 = layer_d(x, dx, w, dw, y2, yd2, N, M, &rd2);
		ck_equal_bits("same run to run", rd, rd2);
		ck_equal_bits("same result run to run", r, r2);
		for (int i = 0; i < N; i++)
			ck_equal_bits("y_d run to run", yd[i], yd2[i]);
		if (t == 0) {
			int k = -1;
			ck_close("primal", r, layer(x, w, y2, N, M), 1e-13);
			ck_close("result tangent", rd,
				 ck_richardson(at, &k, CK_FD_H), 1e-8);
			for (k = 0; k < N; k++)
				ck_close("y tangent", yd[k],
					 ck_richardson(at, &k, CK_FD_H), 1e-8);
			for (k = 0; k < N; k++)
				ref[k] = yd[k];
			ref[N] = rd;
		}
		/* the serial build prints the same digits (RUN lines) */
		ck_close("as 1 thread", rd, ref[N], 1e-13);
		for (int i = 0; i < N; i++)
			ck_close("y_d as 1 thread", yd[i], ref[i], 1e-13);
	}
	printf("rd %.11e y_d[3] %.11e\n", rd, yd[3]);
	return ck_done();
}
#endif
// OUT: 0 failed
