// A parallel loop that records its branches into a block of the tape
// (record.c, adj_loop_slots) whose values have no tangent in f_fwd_d but
// one in f_bwd_d: f_fwd_d pushes the tangents' block as zeros
// (ck_push_nd(t, NULL, n)), f_bwd_d pops it as a block.  The zeros went in
// entry by entry across the end of a tape chunk, and ck_block_pop_d
// stopped the run ("a block of 2064 bytes is not on top of the tape") for
// 86 cells; zeros now go in as a block.  f_b_d against the gradient and
// H v in closed form, with and without -fopenmp.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.omp -fopenmp | FileCheck %s --check-prefix=OUT

#define N 86

#pragma ck_hvp wrt(x)
double f(const double *x)
{
	double y[N], e = 0.0;
	int i;
#pragma omp parallel for
	for (i = 0; i < N; i++)
		y[i] = i > 0 ? x[i - 1] : 0.0;
	for (i = 0; i < N; i++)
		e += y[i] * y[i] * x[i];
	return e;
}
// CHECK-LABEL: static double f_fwd_d(const double *x, const double *x_d){{$}}
// CHECK: ck_bd = ck_block_push_d(ck_t, 3 * ck_nb);
// CHECK-NEXT: ck_push_nd(ck_t, (double *)0, 3 * ck_nb);
// CHECK-LABEL: static void f_bwd_d({{.*}}){{$}}
// CHECK: ck_block_pop_d(ck_t, 3 * ck_nb);
// CHECK-NEXT: double *ck_bd = ck_block_pop_d(ck_t, 3 * ck_nb);

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

/* f = sum x[i-1]^2 x[i]: its gradient and H v in closed form. */
int main(void)
{
	volatile double base = 0.1;
	double x[N], v[N], xb[N] = { 0.0 }, xbd[N] = { 0.0 };
	for (int i = 0; i < N; i++) {
		x[i] = base * (i % 7);
		v[i] = base * (i % 5) - 0.2;
	}
	ck_close("primal of f_b_d", f_b_d(x, v, xb, xbd, 1.0, 0.0), f(x),
		 1e-14);
	for (int j = 0; j < N; j++) {
		double g = 0.0, hv = 0.0;
		if (j + 1 < N) {
			g += 2.0 * x[j] * x[j + 1];
			hv += 2.0 * (v[j] * x[j + 1] + x[j] * v[j + 1]);
		}
		if (j > 0) {
			g += x[j - 1] * x[j - 1];
			hv += 2.0 * x[j - 1] * v[j - 1];
		}
		ck_close("x_b", xb[j], g, 1e-13);
		ck_close("x_bd", xbd[j], hv, 1e-13);
	}
	return ck_done();
}
#endif
// OUT: 0 failed
