// Vector mode with the address of a floating member of a local struct that
// holds derivatives, passed to a function of the file: a call's result
// stored into a member (s.b = sq(s.a), whose tangent f_d passes as
// &s_d.b), or the member's address in the source (scale(s.a, &s.b)).  The
// member's ck_nd values are one per struct copy, not contiguous: they go
// into a local array of ck_nd values before the call, which the call gets,
// and back after it.  Vector mode refused both ("cannot take the address of
// a member of a struct that holds derivatives").  Each direction of f_dv is
// bitwise f_d's and each of f_b_dv's f_b_d's (nd = 1, 2, 7, 16); the
// primal is f's.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>

typedef struct {
	double a, b, c;
} S;

static double sq(double x)
{
	return x * sin(x);
}

static void scale(double k, double *y)
{
	*y = k * *y + cos(*y);
}

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_hvp wrt(x)
#pragma ck_hvp wrt(x) vector
double f(const double *x)
{
	S s;
	s.a = x[0] * x[1];
	s.b = sq(s.a);
	s.c = x[2];
	scale(s.a, &s.b);
	scale(s.c, &s.c);
	return s.b * s.c + s.a;
}
// CHECK-LABEL: double f_dv(
// CHECK: ck_m[ck_k] = s_dv[ck_k].b;
// CHECK-NEXT: }
// CHECK-NEXT: s.b = sq_dv(s.a, ck_a, ck_nd, ck_m);
// CHECK-NEXT: for (int ck_k = 0; ck_k < ck_nd; ck_k++) {
// CHECK-NEXT: s_dv[ck_k].b = ck_m[ck_k];

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 3

int main(void)
{
	static const int nds[] = {1, 2, 7, 16};
	volatile double one = 1.0;
	double x[N] = {0.75 * one, -0.5 * one, 1.25 * one};
	double y0 = f(x);
	for (int c = 0; c < 4; c++) {
		int nd = nds[c];
		double x_dv[N * 16], r_dv[16], x_b[N] = {0.0}, x_bdv[N * 16];
		double ret_bdv[16];
		for (int i = 0; i < N * nd; i++) {
			x_dv[i] = ck_rand() - 0.5;
			x_bdv[i] = 0.0;
		}
		for (int k = 0; k < nd; k++)
			ret_bdv[k] = ck_rand() - 0.5;
		ck_equal_bits("f_dv's primal", f_dv(x, x_dv, nd, r_dv), y0);
		ck_equal_bits("f_b_dv's primal",
			      f_b_dv(x, x_dv, x_b, x_bdv, nd, 1.0, ret_bdv), y0);
		for (int k = 0; k < nd; k++) {
			double xd[N], rd, xb[N] = {0.0}, xbd[N] = {0.0};
			for (int i = 0; i < N; i++)
				xd[i] = x_dv[i * nd + k];
			f_d(x, xd, &rd);
			f_b_d(x, xd, xb, xbd, 1.0, ret_bdv[k]);
			char what[64];
			snprintf(what, sizeof what, "f_dv: nd %d: direction %d",
				 nd, k);
			ck_equal_bits(what, r_dv[k], rd);
			for (int i = 0; i < N; i++) {
				snprintf(what, sizeof what,
					 "f_b_dv: nd %d: direction %d, x[%d]",
					 nd, k, i);
				ck_equal_bits(what, x_bdv[i * nd + k], xbd[i]);
				if (k == 0)
					ck_equal_bits("f_b_dv's gradient",
						      x_b[i], xb[i]);
			}
		}
	}
	return ck_done();
}
#endif
