// A struct assignment copies an array member of more than 16 numbers by a
// counted loop over its elements, down to rows of at most 16 (u[6][5] is
// a loop over 6 rows of 5 assignments), not one statement per number in
// each generated function; smaller members and scalars are copied one by
// one, and a nested struct's arrays the same way.  A model state copied whole before a step (s1 = s), in every mode:
// gradients, Hessian-vector products, the dot-product test against
// differences, and f_dv bitwise f_d.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
#include <math.h>

#define NY 6
#define NX 5

typedef struct {
	double w[3][8];
	double c;
} Inner;

typedef struct {
	double u[NY][NX];
	double h[4];
	double t;
	Inner in;
} State;

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double cost(const double *x)
{
	State s, s1;
	double J = 0;
	for (int j = 0; j < NY; j++)
		for (int i = 0; i < NX; i++)
			s.u[j][i] = x[(j * NX + i) % 7] * (1 + 0.1 * j);
	for (int k = 0; k < 4; k++)
		s.h[k] = sin(x[k]);
	s.t = x[5];
	for (int a = 0; a < 3; a++)
		for (int b = 0; b < 8; b++)
			s.in.w[a][b] = x[(a + b) % 7] * x[a];
	s.in.c = cos(x[6]);
	s1 = s;
	for (int j = 1; j < NY; j++)
		for (int i = 0; i < NX; i++)
			s1.u[j][i] += 0.5 * s1.u[j - 1][i] * s1.t;
	for (int j = 0; j < NY; j++)
		for (int i = 0; i < NX; i++)
			J += s1.u[j][i] * s.u[j][i] * s1.h[i % 4];
	for (int a = 0; a < 3; a++)
		for (int b = 0; b < 8; b++)
			J += s1.in.w[a][b] * s1.in.c;
	return J;
}
// CHECK-LABEL: double cost_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: for (int ck_i = 0; ck_i < 6; ck_i++) {
// CHECK-NEXT: s1_d.u[ck_i][0] = s_d.u[ck_i][0];
// CHECK: s1.u[ck_i][4] = s.u[ck_i][4];
// CHECK-NEXT: }
// CHECK: s1.h[3] = s.h[3];
// CHECK: s1.t = s.t;
// CHECK: for (int ck_i2 = 0; ck_i2 < 3; ck_i2++) {
// CHECK: s1.in.w[ck_i2][7] = s.in.w[ck_i2][7];
// CHECK-NEXT: }

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_PLAIN(cost)
int main(void)
{
	double v[7];
	for (int i = 0; i < 7; i++)
		v[i] = 0.3 + 0.1 * i;
	kc_check_scalar("struct copy", kf, kf_d, kf_b, kf_b_d, NULL, v, NULL,
			7, 2);
	double dv[7 * 3], ydv[3];
	for (int i = 0; i < 7 * 3; i++)
		dv[i] = ck_rand();
	double y = cost_dv(v, dv, 3, ydv);
	for (int k = 0; k < 3; k++) {
		double d[7], yd;
		for (int i = 0; i < 7; i++)
			d[i] = dv[i * 3 + k];
		double y1 = cost_d(v, d, &yd);
		ck_check("f_dv's direction is f_d's", y1 == y && yd == ydv[k]);
	}
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: 0 failed
